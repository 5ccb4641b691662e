import { and, type Database, desc, eq, inArray, isNull, sql, tables } from '@fretline/db';

// My List: the videos a learner saved, always scoped by the owner.

const v = tables.videos;

export async function findSavedVideoIds(db: Database, idUser: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ idVideo: tables.savedVideos.idVideo })
    .from(tables.savedVideos)
    .where(and(eq(tables.savedVideos.idUser, idUser), inArray(tables.savedVideos.idVideo, ids)));
  return new Set(rows.map((r) => r.idVideo));
}

export interface SavedRow {
  idUserVideo: number;
  idVideo: number;
  videoTitle: string;
  videoSlug: string;
  videoImage: string | null;
  videoCategory: string;
  videoArtist: string | null;
  videoType: string | null;
  savedTime: number | null;
  savedNote: string | null;
}

const savedColumns = {
  idUserVideo: tables.savedVideos.idUserVideo,
  idVideo: v.idVideo,
  videoTitle: v.videoTitle,
  videoSlug: v.videoSlug,
  videoImage: v.videoImage,
  videoCategory: v.videoCategory,
  videoArtist: v.videoArtist,
  videoType: v.videoType,
  savedTime: tables.savedVideos.savedTime,
  savedNote: tables.savedVideos.savedNote,
};

/** The user's My List, newest first; only published videos are shown. */
export async function findSavedPage(
  db: Database,
  idUser: number,
  limit: number,
  offset: number,
  idVideo?: number,
): Promise<{ rows: SavedRow[]; total: number }> {
  const s = tables.savedVideos;
  const where = and(eq(s.idUser, idUser), eq(v.videoPublished, true), idVideo ? eq(s.idVideo, idVideo) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select(savedColumns)
      .from(s)
      .innerJoin(v, eq(v.idVideo, s.idVideo))
      .where(where)
      .orderBy(desc(s.savedCreated), desc(s.idUserVideo))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(s)
      .innerJoin(v, eq(v.idVideo, s.idVideo))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Saves a video, or a moment of it, to the user's list: one entry per video and moment (the unique
 * key treats the whole video's null time as one value). Saving it again returns the existing
 * entry, with the note replaced when a new one is given.
 */
export async function insertSaved(
  db: Database,
  idUser: number,
  idVideo: number,
  moment: { savedTime: number | null; savedNote: string | null },
  now: Date,
): Promise<SavedRow> {
  const s = tables.savedVideos;
  const values = { idUser, idVideo, savedTime: moment.savedTime, savedNote: moment.savedNote, savedCreated: now };
  if (moment.savedNote === null) await db.insert(s).values(values).onConflictDoNothing();
  else
    await db
      .insert(s)
      .values(values)
      .onConflictDoUpdate({ target: [s.idUser, s.idVideo, s.savedTime], set: { savedNote: moment.savedNote } });
  const [row] = await db
    .select(savedColumns)
    .from(s)
    .innerJoin(v, eq(v.idVideo, s.idVideo))
    .where(
      and(
        eq(s.idUser, idUser),
        eq(s.idVideo, idVideo),
        moment.savedTime === null ? isNull(s.savedTime) : eq(s.savedTime, moment.savedTime),
      ),
    )
    .limit(1);
  if (!row) throw new Error('saved video not written');
  return row;
}

/** Deletes one of the user's own saved entries; returns whether one was deleted. */
export async function deleteSaved(db: Database, idUser: number, idUserVideo: number): Promise<boolean> {
  const s = tables.savedVideos;
  const rows = await db
    .delete(s)
    .where(and(eq(s.idUserVideo, idUserVideo), eq(s.idUser, idUser)))
    .returning({ id: s.idUserVideo });
  return rows.length > 0;
}
