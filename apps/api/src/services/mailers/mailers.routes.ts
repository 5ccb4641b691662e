import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@fretline/db';
import { recordAudit } from '../../platform/audit/index.ts';
import { registerJobHandler } from '../../platform/jobs/index.ts';
import { enqueueMail } from '../../platform/mail/index.ts';
import type { MediaStore } from '../../platform/media/index.ts';
import { requireRoleGroup, requireUser, type RequestAuth } from '../../plugins/auth.ts';
import { route } from '../../plugins/calls.ts';
import { conflict, notFound, unauthorized } from '../../plugins/errors.ts';
import { findMailerContacts } from '../auth/index.ts';
import { listCourseTitles, searchLessonCards } from '../videos/index.ts';
import { DIGEST_JOB, handleDigest, startDigest } from './digest.service.ts';
import { refreshEditorUrls, sanitizeMailerBody } from './mailer-html.ts';
import {
  MAILER_BATCH_JOB,
  MAILER_LOCKED,
  MAILER_NOT_FOUND,
  MAILER_START_JOB,
  buildMailerMessage,
  handleMailerBatch,
  handleMailerStart,
  requireCourse,
  requireMailerImages,
  resolveAudience,
  sendMailer,
  toMailerValues,
  type MailersContext,
} from './mailers.service.ts';
import * as repo from './mailers.repository.ts';

const LESSON_CARDS_MAX = 24;

/**
 * /api/mailers (product.md#mailers, ADR 0066): staff (the Staff group) write, preview, test and
 * send newsletters; anyone signed in takes or stops the weekly digest. Sending runs on the job
 * queue: a start job lists the recipients, batch jobs queue their messages.
 */
export const mailersRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const ctx = (): MailersContext => ({ app, db: app.db, store, now: app.clock() });

  registerJobHandler(app, MAILER_START_JOB, (payload) => handleMailerStart(app, payload));
  registerJobHandler(app, MAILER_BATCH_JOB, (payload, { job }) => handleMailerBatch(app, store, payload, job));
  registerJobHandler(app, DIGEST_JOB, (payload) => handleDigest(app, store, payload));
  // The weekly digest keeps itself going (each week's job queues the next); this starts it.
  if (app.config.NODE_ENV !== 'test') app.addHook('onReady', async () => startDigest(app));

  async function requireMailer(idMailer: number) {
    const mailer = await repo.findMailer(app.db, idMailer);
    if (!mailer) throw notFound(MAILER_NOT_FOUND, 'MAILER_NOT_FOUND');
    return { ...mailer, mailer_body: refreshEditorUrls(mailer.mailer_body, (path) => store.signedUrl(path, app.clock())) };
  }

  /** What the audit log keeps of a mailer (ADR 0072): what was written, to whom, and its state. */
  async function auditedState(db: Database, idMailer: number) {
    const m = await repo.findMailer(db, idMailer);
    if (!m) return null;
    const { mailer_subject, mailer_body, mailer_audience, id_course, mailer_status, mailer_scheduled_at } = m;
    return { mailer_subject, mailer_body, mailer_audience, id_course, mailer_status, mailer_scheduled_at };
  }

  /** Makes a change and records it with the mailer before and after, in one transaction. */
  async function changeMailer<T>(
    auth: RequestAuth,
    action: string,
    idMailer: number | null,
    change: (tx: Database) => Promise<T & { idMailer: number }>,
  ): Promise<T & { idMailer: number }> {
    return app.db.transaction(async (tx) => {
      const before = idMailer === null ? null : await auditedState(tx, idMailer);
      const result = await change(tx);
      const diff = { mailer: { from: before, to: await auditedState(tx, result.idMailer) } };
      await recordAudit(tx, auth, { action, targetType: 'mailer', targetId: result.idMailer, diff }, app.clock());
      return result;
    });
  }

  route(app, 'mailers.listMailers', { access: 'Staff' }, async () => ({ data: { mailers: await repo.listMailers(app.db) } }));

  route(app, 'mailers.getMailer', { access: 'Staff' }, async (request) => ({
    data: { mailer: await requireMailer(request.params.idMailer) },
  }));

  route(app, 'mailers.createMailer', { access: 'Staff', audit: { action: 'mailer.create' } }, async (request, reply) => {
    const auth = requireRoleGroup(request, 'Staff');
    await requireCourse(app.db, request.body.id_course);
    const values = toMailerValues(request.body);
    await requireMailerImages(app.db, values.mailerBody);
    const { idMailer } = await changeMailer(auth, 'mailer.create', null, async (tx) => ({
      idMailer: await repo.insertMailer(tx, { ...values, idUserAuthor: auth.user.idUser, now: app.clock() }),
    }));
    reply.code(201);
    return { data: { mailer: await requireMailer(idMailer) } };
  });

  route(app, 'mailers.updateMailer', { access: 'Staff', audit: { action: 'mailer.update' } }, async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const { idMailer } = request.params;
    await requireMailer(idMailer);
    await requireCourse(app.db, request.body.id_course);
    const values = toMailerValues(request.body);
    await requireMailerImages(app.db, values.mailerBody);
    await changeMailer(auth, 'mailer.update', idMailer, async (tx) => {
      if (!(await repo.updateEditableMailer(tx, idMailer, values, app.clock()))) throw conflict(MAILER_LOCKED, 'MAILER_LOCKED');
      return { idMailer };
    });
    return { data: { mailer: await requireMailer(idMailer) } };
  });

  route(app, 'mailers.deleteMailer', { access: 'Staff', audit: { action: 'mailer.delete' } }, async (request, reply) => {
    const auth = requireRoleGroup(request, 'Staff');
    const { idMailer } = request.params;
    await requireMailer(idMailer);
    await changeMailer(auth, 'mailer.delete', idMailer, async (tx) => {
      if (!(await repo.deleteDraftMailer(tx, idMailer)))
        throw conflict('Only a draft can be deleted; take a scheduled mailer back to draft first.', 'MAILER_LOCKED');
      return { idMailer };
    });
    return reply.code(204).send(null);
  });

  route(app, 'mailers.sendTestMailer', { access: 'Staff', audit: { action: 'mailer.test' } }, async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const mailer = await requireMailer(request.params.idMailer);
    const me = (await findMailerContacts(app.db, [auth.user.idUser])).get(auth.user.idUser);
    if (!me) throw unauthorized();
    const body = sanitizeMailerBody(mailer.mailer_body);
    await requireMailerImages(app.db, body);
    // A test goes to the staff member whatever their own mailer preference: they asked for it.
    const message = buildMailerMessage(ctx(), { subject: mailer.mailer_subject, body }, me.email, { test: true });
    await changeMailer(auth, 'mailer.test', mailer.id_mailer, async (tx) => {
      await enqueueMail(tx, message);
      return { idMailer: mailer.id_mailer };
    });
    return { data: { sent_to: me.email } };
  });

  route(app, 'mailers.sendMailer', { access: 'Staff', audit: { action: 'mailer.send' } }, async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const { idMailer } = request.params;
    await changeMailer(auth, 'mailer.send', idMailer, async (tx) => {
      await sendMailer({ ...ctx(), db: tx }, idMailer, request.body.mailer_scheduled_at ?? null);
      return { idMailer };
    });
    return { data: { mailer: await requireMailer(idMailer) } };
  });

  route(app, 'mailers.unscheduleMailer', { access: 'Staff', audit: { action: 'mailer.unschedule' } }, async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const { idMailer } = request.params;
    await requireMailer(idMailer);
    const now = app.clock();
    await changeMailer(auth, 'mailer.unschedule', idMailer, async (tx) => {
      if (!(await repo.setMailerStatus(tx, idMailer, ['scheduled'], { status: 'draft', scheduledAt: null, now })))
        throw conflict('Only a scheduled mailer can go back to draft.', 'MAILER_NOT_SCHEDULED');
      return { idMailer };
    });
    return { data: { mailer: await requireMailer(idMailer) } };
  });

  route(app, 'mailers.previewMailer', { access: 'Staff', audit: { exempt: 'a preview changes nothing' } }, async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const me = (await findMailerContacts(app.db, [auth.user.idUser])).get(auth.user.idUser);
    const body = sanitizeMailerBody(request.body.mailer_body);
    await requireMailerImages(app.db, body);
    const message = buildMailerMessage(
      ctx(),
      { subject: request.body.mailer_subject || '(no subject)', body },
      me?.email ?? 'preview@example.com',
    );
    return { data: { html: message.html ?? '' } };
  });

  route(app, 'mailers.countAudience', { access: 'Staff' }, async (request) => {
    const { mailer_audience: audience, id_course: idCourse } = request.query;
    await requireCourse(app.db, idCourse);
    if (audience === 'course' && (idCourse ?? null) === null) return { data: { count: 0 } };
    const ids = await resolveAudience(app.db, audience, idCourse ?? null, app.clock());
    return { data: { count: ids.length } };
  });

  route(app, 'mailers.listLessonCards', { access: 'Staff' }, async (request) => {
    const now = app.clock();
    const rows = await searchLessonCards(app.db, request.query.q || undefined, LESSON_CARDS_MAX);
    return {
      data: {
        lessons: rows.map((l) => ({
          id_video: l.idVideo,
          video_title: l.videoTitle,
          video_slug: l.videoSlug,
          video_image: l.videoImage,
          image_url: l.videoImage ? store.signedUrl(l.videoImage, now) : null,
        })),
      },
    };
  });

  route(app, 'mailers.listCourses', { access: 'Staff' }, async () => {
    const rows = await listCourseTitles(app.db);
    return { data: { courses: rows.map((c) => ({ id_course: c.idCourse, course_title: c.courseTitle })) } };
  });

  route(app, 'mailers.getDigest', { access: 'user' }, async (request) => {
    const { user } = requireUser(request);
    return { data: { digest: await repo.hasDigest(app.db, user.idUser) } };
  });

  route(app, 'mailers.setDigest', { access: 'user' }, async (request) => {
    const { user } = requireUser(request);
    await repo.setDigest(app.db, user.idUser, request.body.digest, app.clock());
    return { data: { digest: request.body.digest } };
  });
};
