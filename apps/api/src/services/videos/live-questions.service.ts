import type { FastifyInstance } from 'fastify';
import type { EditorLiveQuestion, LiveQuestion } from '@fretline/contract';
import type { Database, tables } from '@fretline/db';
import { recordAudit } from '../../platform/audit/index.ts';
import { enqueueMail, escapeHtml, mailLayout } from '../../platform/mail/index.ts';
import type { RequestAuth } from '../../plugins/auth.ts';
import { AppError, notFound, tooManyRequests } from '../../plugins/errors.ts';
import { countInWindows, type WindowLimit } from '../../plugins/rate-limit.ts';
import { findAccountContacts } from '../auth/index.ts';
import { recordingMoment } from './live-ingest.service.ts';
import * as repo from './live-ingest.repository.ts';
import { requirePublishedStream } from './published-stream.ts';
import { isStreamLocked, type Viewer } from './lock-rules.ts';

// Questions during a live lesson (ADR 0063, product.md#live-lessons).

/** Three questions a minute and twenty an hour per viewer: enough to take part, too few to flood the queue. */
const QUESTION_LIMITS: readonly WindowLimit[] = [
  { windowMs: 60_000, max: 3 },
  { windowMs: 60 * 60_000, max: 20 },
];
const TOO_MANY = 'You have sent several questions already: wait a little before sending another.';
const QUESTION_NOT_FOUND = 'That question cannot be found on this live stream.';

function toQuestion(row: typeof tables.liveQuestions.$inferSelect): LiveQuestion {
  return {
    id_live_question: row.idLiveQuestion,
    question_text: row.questionText,
    question_created: row.questionCreated,
    question_answered: row.questionAnswered,
    question_moment: row.questionMoment,
  };
}

/**
 * A signed-in viewer's question. Only while questions can be answered: from the start time (or
 * once the teacher is on air) until the stream is over; a premium stream takes questions from
 * members only, as only they watch it.
 */
export async function askQuestion(
  db: Database,
  input: { slug: string; viewer: Viewer & { idUser: number }; text: string; now: Date },
): Promise<LiveQuestion> {
  const stream = await requirePublishedStream(db, input.slug);
  if (isStreamLocked({ premium: stream.streamPremium }, input.viewer)) {
    throw new AppError('MEMBERS_ONLY', 403, 'This live lesson is for members: join to watch it and ask questions.');
  }
  const onAir = stream.ingestState === 'live' || stream.ingestState === 'reconnecting';
  const inWindow = input.now >= stream.streamStarts && input.now < stream.streamEnds && stream.ingestState !== 'ended';
  if (!onAir && !inWindow) {
    throw new AppError('STREAM_NOT_LIVE', 409, 'Questions open when the live lesson starts, and close when it ends.');
  }
  return db.transaction(async (tx) => {
    const wait = await countInWindows(tx, `live-question:${input.viewer.idUser}`, QUESTION_LIMITS, input.now);
    if (wait > 0) throw tooManyRequests(TOO_MANY);
    return toQuestion(await repo.insertQuestion(tx, stream.idLiveStream, input.viewer.idUser, input.text, input.now));
  });
}

export async function listMyQuestions(db: Database, slug: string, idUser: number): Promise<LiveQuestion[]> {
  const stream = await requirePublishedStream(db, slug);
  return (await repo.findQuestionsOfUser(db, stream.idLiveStream, idUser)).map(toQuestion);
}

/** The staff queue: every question of the stream, oldest first, with the asker's name. */
export async function listStreamQuestions(db: Database, idLiveStream: number): Promise<EditorLiveQuestion[]> {
  if (!(await repo.findStreamById(db, idLiveStream))) throw notFound(undefined, 'STREAM_NOT_FOUND');
  const rows = await repo.findQuestions(db, idLiveStream);
  const contacts = await findAccountContacts(
    db,
    rows.map((r) => r.idUser),
  );
  return rows.map((row) => {
    const contact = contacts.get(row.idUser);
    const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
    return { ...toQuestion(row), asker_name: name || 'A viewer' };
  });
}

/**
 * Marks a question answered: its moment in the recording becomes a chapter of the replay (when
 * the teacher is on air), and the asker is told by e-mail, with a link to that moment once the
 * replay is out. Answering twice is refused (409), so nobody gets two e-mails.
 */
export async function answerQuestion(
  app: FastifyInstance,
  input: { idLiveStream: number; idLiveQuestion: number; auth: RequestAuth | null | undefined },
): Promise<EditorLiveQuestion> {
  const now = app.clock();
  const answered = await app.db.transaction(async (tx) => {
    const stream = await repo.findStreamForUpdate(tx, input.idLiveStream);
    if (!stream) throw notFound(undefined, 'STREAM_NOT_FOUND');
    const existing = await repo.findQuestion(tx, input.idLiveStream, input.idLiveQuestion);
    if (!existing) throw notFound(QUESTION_NOT_FOUND, 'QUESTION_NOT_FOUND');
    if (existing.questionAnswered) throw new AppError('ALREADY_ANSWERED', 409, 'That question is already marked answered.');
    const moment = recordingMoment(stream, now);
    const row = await repo.answerQuestion(tx, {
      idLiveStream: input.idLiveStream,
      idLiveQuestion: input.idLiveQuestion,
      now,
      moment,
      run: moment === null ? null : stream.ingestRun,
    });
    if (!row) throw new AppError('ALREADY_ANSWERED', 409, 'That question is already marked answered.');
    const contact = (await findAccountContacts(tx, [row.idUser])).get(row.idUser);
    if (contact) {
      const site = app.config.SITE_URL.replace(/\/$/, '');
      // The answer's moment on the live page: once the replay is out, the page sends `?t=` on to
      // the replay at that point (its chapter); until then it is the lesson itself.
      const replayMoment = moment !== null && stream.streamAutoReplay;
      const pageUrl = `${site}/live/${stream.streamSlug}${replayMoment ? `?t=${Math.floor(moment)}` : ''}`;
      const subject = `Your question was answered: ${stream.streamTitle}`;
      const hello = contact.firstName ? `Hi ${contact.firstName},` : 'Hi,';
      const when =
        moment === null
          ? ''
          : ` It comes ${formatMoment(moment)} into the lesson${replayMoment ? '; the replay has a chapter for it, and the link below opens it there once it is published' : ''}.`;
      const text =
        `${hello}\n\nThe teacher answered your question in the live lesson “${stream.streamTitle}”:\n\n“${row.questionText}”\n\n` +
        `${when.trim()}\nWatch it here: ${pageUrl}\n`;
      const html = mailLayout(
        subject,
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(hello)}</p>
<p style="margin:0 0 8px;font-size:16px;line-height:1.5">The teacher answered your question in the live lesson “${escapeHtml(stream.streamTitle)}”:</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5;font-style:italic">“${escapeHtml(row.questionText)}”</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;color:#57534e">${escapeHtml(when.trim())}</p>
<p style="margin:0;text-align:center"><a href="${escapeHtml(pageUrl)}" style="display:inline-block;background:#ea580c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">Watch the lesson</a></p>`,
      );
      await enqueueMail(tx, { to: contact.email, subject, text, html, category: 'transactional' });
    }
    if (input.auth) {
      await recordAudit(
        tx,
        input.auth,
        {
          action: 'live_question.answer',
          targetType: 'live_stream',
          targetId: input.idLiveStream,
          diff: { id_live_question: row.idLiveQuestion },
        },
        now,
      );
    }
    const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
    return { ...toQuestion(row), asker_name: name || 'A viewer' };
  });
  return answered;
}

/** 75.4 → "1:15". */
function formatMoment(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
