import { and, asc, desc, eq, sql, tables, type Database } from '@fretline/db';

const l = tables.liveStreams;
const v = tables.videos;
const history = tables.liveStreamSlugHistory;

export type LiveStreamRow = typeof tables.liveStreams.$inferSelect;
export type LiveStreamInsert = typeof tables.liveStreams.$inferInsert;

const streamWithReplay = {
  stream: l,
  replayId: v.idVideo,
  replaySlug: v.videoSlug,
  replayTitle: v.videoTitle,
  replayPublished: v.videoPublished,
};

/** Every stream, drafts included, newest start first, with its replay video (drafts too). */
export async function findStreamPage(db: Database, limit: number, offset: number) {
  const [rows, [counted]] = await Promise.all([
    db
      .select(streamWithReplay)
      .from(l)
      .leftJoin(v, eq(v.idVideo, l.idVideoReplay))
      .orderBy(desc(l.streamStarts), desc(l.idLiveStream))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(l),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export type StreamWithReplay = Awaited<ReturnType<typeof findStreamPage>>['rows'][number];

export async function findStreamWithReplay(db: Database, idLiveStream: number): Promise<StreamWithReplay | undefined> {
  const [row] = await db
    .select(streamWithReplay)
    .from(l)
    .leftJoin(v, eq(v.idVideo, l.idVideoReplay))
    .where(eq(l.idLiveStream, idLiveStream))
    .limit(1);
  return row;
}

/** The stream row, locked for the rest of the transaction when `forUpdate`. */
export async function findStream(db: Database, idLiveStream: number, forUpdate = false): Promise<LiveStreamRow | undefined> {
  const query = db.select().from(l).where(eq(l.idLiveStream, idLiveStream)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Who holds a slug: a stream's current slug, or an earlier slug that redirects to a stream. */
export async function findSlugHolder(
  db: Database,
  slug: string,
): Promise<{ idLiveStream: number; streamTitle: string; current: boolean } | undefined> {
  const [current] = await db
    .select({ idLiveStream: l.idLiveStream, streamTitle: l.streamTitle })
    .from(l)
    .where(eq(l.streamSlug, slug))
    .limit(1);
  if (current) return { ...current, current: true };
  const [old] = await db
    .select({ idLiveStream: l.idLiveStream, streamTitle: l.streamTitle })
    .from(history)
    .innerJoin(l, eq(l.idLiveStream, history.idLiveStream))
    .where(eq(history.oldSlug, slug))
    .limit(1);
  return old ? { ...old, current: false } : undefined;
}

export async function findSlugHistory(db: Database, idLiveStream: number): Promise<string[]> {
  const rows = await db
    .select({ oldSlug: history.oldSlug })
    .from(history)
    .where(eq(history.idLiveStream, idLiveStream))
    .orderBy(desc(history.changed), asc(history.oldSlug));
  return rows.map((r) => r.oldSlug);
}

/** The slug moves from `from` to `to`: /live/<from> keeps redirecting; `to` stops being a redirect. */
export async function recordSlugChange(db: Database, idLiveStream: number, from: string, to: string, now: Date) {
  await db.delete(history).where(and(eq(history.oldSlug, to), eq(history.idLiveStream, idLiveStream)));
  await db
    .insert(history)
    .values({ oldSlug: from, idLiveStream, changed: now })
    .onConflictDoUpdate({ target: history.oldSlug, set: { idLiveStream, changed: now } });
}

export async function videoExists(db: Database, idVideo: number): Promise<boolean> {
  const [row] = await db.select({ idVideo: v.idVideo }).from(v).where(eq(v.idVideo, idVideo)).limit(1);
  return Boolean(row);
}

export async function insertStream(db: Database, values: LiveStreamInsert): Promise<number> {
  const [row] = await db.insert(l).values(values).returning({ idLiveStream: l.idLiveStream });
  if (!row) throw new Error('live stream not written');
  return row.idLiveStream;
}

export async function updateStream(db: Database, idLiveStream: number, values: Partial<LiveStreamInsert>): Promise<void> {
  await db.update(l).set(values).where(eq(l.idLiveStream, idLiveStream));
}

export async function deleteStream(db: Database, idLiveStream: number): Promise<void> {
  await db.delete(l).where(eq(l.idLiveStream, idLiveStream));
}
