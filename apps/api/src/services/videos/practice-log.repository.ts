import { and, asc, type Database, desc, eq, gte, inArray, sql, tables } from '@fretline/db';

// The practice log, One Minute Changes rounds and chords known by hand (product.md#practice-log):
// every query is scoped by the owner.

const s = tables.practiceSessions;
const g = tables.practiceGoals;
const cc = tables.chordChanges;
const k = tables.knownChords;
const v = tables.videos;

export async function findSessions(db: Database, idUser: number, limit: number) {
  return db
    .select({
      idPracticeSession: s.idPracticeSession,
      idVideo: s.idVideo,
      videoTitle: v.videoTitle,
      videoSlug: v.videoSlug,
      practiceSeconds: s.practiceSeconds,
      practisedOn: s.practisedOn,
    })
    .from(s)
    .leftJoin(v, eq(v.idVideo, s.idVideo))
    .where(eq(s.idUser, idUser))
    .orderBy(desc(s.practisedOn), desc(s.idPracticeSession))
    .limit(limit);
}

/** Seconds practised per day since `from` (a YYYY-MM-DD day). */
export async function findDays(db: Database, idUser: number, from: string) {
  return db
    .select({ practised_on: s.practisedOn, seconds: sql<number>`sum(${s.practiceSeconds})::int` })
    .from(s)
    .where(and(eq(s.idUser, idUser), gte(s.practisedOn, from)))
    .groupBy(s.practisedOn)
    .orderBy(asc(s.practisedOn));
}

export async function secondsOnDay(db: Database, idUser: number, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${s.practiceSeconds}), 0)::int` })
    .from(s)
    .where(and(eq(s.idUser, idUser), eq(s.practisedOn, day)));
  return row?.n ?? 0;
}

export async function insertSession(
  db: Database,
  values: { idUser: number; idVideo: number | null; practiceSeconds: number; practisedOn: string; practiceCreated: Date },
) {
  const [row] = await db.insert(s).values(values).returning({ idPracticeSession: s.idPracticeSession });
  if (!row) throw new Error('practice session not written');
  return row.idPracticeSession;
}

export async function findPublishedVideo(db: Database, idVideo: number) {
  const [row] = await db
    .select({ idVideo: v.idVideo, title: v.videoTitle, slug: v.videoSlug })
    .from(v)
    .where(and(eq(v.idVideo, idVideo), eq(v.videoPublished, true)))
    .limit(1);
  return row;
}

export async function findGoal(db: Database, idUser: number) {
  const [row] = await db.select().from(g).where(eq(g.idUser, idUser)).limit(1);
  return row;
}

export async function upsertGoal(db: Database, idUser: number, goalMinutes: number, goalDays: number, now: Date) {
  await db
    .insert(g)
    .values({ idUser, goalMinutes, goalDays, goalUpdated: now })
    .onConflictDoUpdate({ target: g.idUser, set: { goalMinutes, goalDays, goalUpdated: now } });
}

export async function findChordChanges(db: Database, idUser: number, limit: number) {
  const rows = await db
    .select()
    .from(cc)
    .where(eq(cc.idUser, idUser))
    .orderBy(desc(cc.changesCreated), desc(cc.idChordChange))
    .limit(limit);
  return rows.reverse();
}

export async function insertChordChanges(
  db: Database,
  values: { idUser: number; chordA: string; chordB: string; changes: number; changesCreated: Date },
) {
  const [row] = await db.insert(cc).values(values).returning();
  if (!row) throw new Error('chord changes not written');
  return row;
}

/** The chords of the lessons the learner has done (video_play_completed, the one done flag). */
export async function findTaughtChords(db: Database, idUser: number) {
  const p = tables.videoPlays;
  const c = tables.videoChords;
  return db
    .selectDistinct({ key: c.chordKey, text: c.chordText })
    .from(p)
    .innerJoin(c, eq(c.idVideo, p.idVideo))
    .where(and(eq(p.idUser, idUser), eq(p.videoPlayCompleted, true)));
}

export async function findChordsByHand(db: Database, idUser: number) {
  return db.select({ chord_key: k.chordKey, known: k.known }).from(k).where(eq(k.idUser, idUser));
}

/** Replaces the learner's by-hand changes with these. */
export async function replaceChordsByHand(db: Database, idUser: number, rows: { chordKey: string; known: boolean }[]) {
  await db.transaction(async (tx) => {
    await tx.delete(k).where(eq(k.idUser, idUser));
    if (rows.length) await tx.insert(k).values(rows.map((row) => ({ ...row, idUser })));
  });
}

/** Each video's chords, for naming what a song still needs. */
export async function findChordsOfVideos(db: Database, ids: number[]) {
  if (!ids.length) return [];
  const c = tables.videoChords;
  return db
    .select({ idVideo: c.idVideo, key: c.chordKey, text: c.chordText })
    .from(c)
    .where(inArray(c.idVideo, ids))
    .orderBy(asc(c.idVideo), asc(c.chordOrder));
}
