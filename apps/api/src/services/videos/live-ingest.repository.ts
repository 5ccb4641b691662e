import { and, asc, eq, isNotNull, isNull, sql, tables, type Database } from '@fretline/db';

// RTMP live ingest's rows (ADR 0063): who ingests a stream, its run, parts and questions.

const l = tables.liveStreams;
const q = tables.liveQuestions;
const v = tables.videos;
const chapters = tables.videoChapters;

export type LiveStreamRow = typeof l.$inferSelect;

/**
 * Takes the stream whose key is `key` for this instance, when nobody else holds it live: idle,
 * ended, reconnecting, or live with a holder silent for `staleMs` (a crashed instance). A
 * connection within `reconnectMs` of the last sign of life continues the same run; otherwise a
 * new run starts (`run` names its folder). Returns the row as it is now, or null (wrong key, or
 * another instance ingests it).
 */
export async function claimStream(
  db: Database,
  input: { key: string; instance: string; run: string; now: Date; staleMs: number; reconnectMs: number },
): Promise<{ row: LiveStreamRow; continued: boolean } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(l).where(eq(l.streamKey, input.key)).for('update').limit(1);
    if (!row) return null;
    const seen = row.ingestSeen?.getTime() ?? 0;
    const heldElsewhere =
      row.ingestState === 'live' && row.ingestInstance !== input.instance && input.now.getTime() - seen < input.staleMs;
    if (heldElsewhere) return null;
    const continued =
      row.ingestRun !== null &&
      (row.ingestState === 'reconnecting' || row.ingestState === 'live') &&
      input.now.getTime() - seen < input.reconnectMs;
    const recorded = continued
      ? row.ingestRecordedSeconds +
        (row.ingestState === 'live' && row.ingestPartStarted ? (seen - row.ingestPartStarted.getTime()) / 1000 : 0)
      : 0;
    const [updated] = await tx
      .update(l)
      .set({
        ingestState: 'live',
        ingestInstance: input.instance,
        ingestSeen: input.now,
        ingestPartStarted: input.now,
        ingestRecordedSeconds: recorded,
        ingestRun: continued ? row.ingestRun : input.run,
        ingestParts: continued ? row.ingestParts : [],
        ingestPlaylist: null,
      })
      .where(eq(l.idLiveStream, row.idLiveStream))
      .returning();
    return updated ? { row: updated, continued } : null;
  });
}

/** This instance still ingests the stream: its sign of life, and the playlist viewers play. */
export async function touchIngest(
  db: Database,
  idLiveStream: number,
  instance: string,
  now: Date,
  playlist?: string,
): Promise<boolean> {
  const rows = await db
    .update(l)
    .set({ ingestSeen: now, ...(playlist ? { ingestPlaylist: playlist } : {}) })
    .where(and(eq(l.idLiveStream, idLiveStream), eq(l.ingestInstance, instance), eq(l.ingestState, 'live')))
    .returning({ id: l.idLiveStream });
  return rows.length > 0;
}

/** The encoder went: the part is kept (a media path) and the stream waits for it to come back. */
export async function endPart(
  db: Database,
  input: { idLiveStream: number; instance: string; run: string; part: string | null; now: Date },
): Promise<void> {
  await db
    .update(l)
    .set({
      ingestState: 'reconnecting',
      ingestSeen: input.now,
      ingestPlaylist: null,
      ingestRecordedSeconds: sql`${l.ingestRecordedSeconds} + greatest(0, extract(epoch from (${input.now.toISOString()}::timestamptz - ${l.ingestPartStarted})))`,
      ...(input.part ? { ingestParts: sql`array_append(${l.ingestParts}, ${input.part})` } : {}),
    })
    .where(
      and(
        eq(l.idLiveStream, input.idLiveStream),
        eq(l.ingestInstance, input.instance),
        eq(l.ingestRun, input.run),
        eq(l.ingestState, 'live'),
      ),
    );
}

export async function findStreamForUpdate(db: Database, idLiveStream: number): Promise<LiveStreamRow | undefined> {
  const [row] = await db.select().from(l).where(eq(l.idLiveStream, idLiveStream)).for('update').limit(1);
  return row;
}

export async function findStreamById(db: Database, idLiveStream: number): Promise<LiveStreamRow | undefined> {
  const [row] = await db.select().from(l).where(eq(l.idLiveStream, idLiveStream)).limit(1);
  return row;
}

export async function markEnded(db: Database, idLiveStream: number, idVideoReplay?: number): Promise<void> {
  await db
    .update(l)
    .set({
      ingestState: 'ended',
      ingestInstance: null,
      ingestPlaylist: null,
      ingestParts: [],
      ...(idVideoReplay ? { idVideoReplay } : {}),
    })
    .where(eq(l.idLiveStream, idLiveStream));
}

/** A free replay slug: `<slug>-replay`, then `-replay-2`, … (video slugs are unique). */
export async function freeVideoSlug(db: Database, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ slug: v.videoSlug })
        .from(v)
        .where(sql`${v.videoSlug} like ${`${base}%`}`)
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function insertReplayVideo(
  db: Database,
  input: { slug: string; title: string; premium: boolean; excerpt: string | null; source: string; now: Date },
): Promise<number> {
  const [row] = await db
    .insert(v)
    .values({
      videoSlug: input.slug,
      videoTitle: input.title,
      videoPlayer: 'stream',
      videoPremium: input.premium,
      videoPublished: false,
      videoCategory: 'Live Replay',
      videoExcerpt: input.excerpt,
      streamSource: input.source,
      streamStatus: 'queued',
      streamProgress: 0,
      videoCreated: input.now,
      videoUpdated: input.now,
    })
    .returning({ id: v.idVideo });
  if (!row) throw new Error('replay video not inserted');
  return row.id;
}

export async function insertChapters(db: Database, idVideo: number, list: { time: number; title: string }[]): Promise<void> {
  if (!list.length) return;
  await db.insert(chapters).values(list.map((c) => ({ idVideo, chapterTime: c.time, chapterTitle: c.title })));
}

// ── Questions ────────────────────────────────────────────────────────────────────────────────

export async function insertQuestion(db: Database, idLiveStream: number, idUser: number, text: string, now: Date) {
  const [row] = await db.insert(q).values({ idLiveStream, idUser, questionText: text, questionCreated: now }).returning();
  if (!row) throw new Error('question not inserted');
  return row;
}

export function findQuestions(db: Database, idLiveStream: number) {
  return db.select().from(q).where(eq(q.idLiveStream, idLiveStream)).orderBy(asc(q.questionCreated), asc(q.idLiveQuestion));
}

export async function findQuestionsOfUser(db: Database, idLiveStream: number, idUser: number) {
  return db
    .select()
    .from(q)
    .where(and(eq(q.idLiveStream, idLiveStream), eq(q.idUser, idUser)))
    .orderBy(asc(q.questionCreated), asc(q.idLiveQuestion));
}

/** Marks one unanswered question of the stream answered at `moment`; the row, or undefined. */
export async function answerQuestion(
  db: Database,
  input: { idLiveStream: number; idLiveQuestion: number; now: Date; moment: number | null; run: string | null },
) {
  const { idLiveStream, idLiveQuestion } = input;
  const [row] = await db
    .update(q)
    .set({ questionAnswered: input.now, questionMoment: input.moment, questionRun: input.run })
    .where(and(eq(q.idLiveQuestion, idLiveQuestion), eq(q.idLiveStream, idLiveStream), isNull(q.questionAnswered)))
    .returning();
  return row;
}

export async function findQuestion(db: Database, idLiveStream: number, idLiveQuestion: number) {
  const [row] = await db
    .select()
    .from(q)
    .where(and(eq(q.idLiveQuestion, idLiveQuestion), eq(q.idLiveStream, idLiveStream)))
    .limit(1);
  return row;
}

/** The questions answered during a run, in the order of their moments. */
export function findAnsweredInRun(db: Database, idLiveStream: number, run: string) {
  return db
    .select({ moment: q.questionMoment, text: q.questionText })
    .from(q)
    .where(and(eq(q.idLiveStream, idLiveStream), eq(q.questionRun, run), isNotNull(q.questionMoment)))
    .orderBy(asc(q.questionMoment));
}
