import { and, asc, type Database, desc, eq, gte, inArray, isNull, lt, ne, or, sql, tables } from '@fretline/db';

// The practice log, One Minute Changes rounds and chords known by hand (product.md#practice-log):
// every query is scoped by the owner.

const s = tables.practiceSessions;
const g = tables.practiceGoals;
const cc = tables.chordChanges;
const k = tables.knownChords;
const v = tables.videos;
const r = tables.practiceReminders;
const runs = tables.practiceReminderRuns;

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

/** Seconds logged on a day, leaving out one session (the one being corrected) when named. */
export async function secondsOnDay(db: Database, idUser: number, day: string, exceptSession?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${s.practiceSeconds}), 0)::int` })
    .from(s)
    .where(and(eq(s.idUser, idUser), eq(s.practisedOn, day), exceptSession ? ne(s.idPracticeSession, exceptSession) : undefined));
  return row?.n ?? 0;
}

/** One of the learner's own sessions, with its lesson; another learner's id finds nothing. */
export async function findSession(db: Database, idUser: number, idPracticeSession: number) {
  const [row] = await db
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
    .where(and(eq(s.idUser, idUser), eq(s.idPracticeSession, idPracticeSession)))
    .limit(1);
  return row;
}

export async function updateSession(
  db: Database,
  idUser: number,
  idPracticeSession: number,
  values: { practiceSeconds: number; practisedOn: string },
): Promise<boolean> {
  const rows = await db
    .update(s)
    .set(values)
    .where(and(eq(s.idUser, idUser), eq(s.idPracticeSession, idPracticeSession)))
    .returning({ id: s.idPracticeSession });
  return rows.length > 0;
}

/** Deletes one of the learner's own sessions; false when the id is not theirs (or gone). */
export async function deleteSession(db: Database, idUser: number, idPracticeSession: number): Promise<boolean> {
  const rows = await db
    .delete(s)
    .where(and(eq(s.idUser, idUser), eq(s.idPracticeSession, idPracticeSession)))
    .returning({ id: s.idPracticeSession });
  return rows.length > 0;
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

export async function findReminder(db: Database, idUser: number) {
  const [row] = await db
    .select({ reminderOn: r.reminderOn, reminderTime: r.reminderTime, reminderTimeZone: r.reminderTimeZone })
    .from(r)
    .where(eq(r.idUser, idUser))
    .limit(1);
  return row;
}

export async function upsertReminder(
  db: Database,
  idUser: number,
  values: { reminderOn: boolean; reminderTime: string; reminderTimeZone: string },
  now: Date,
) {
  await db
    .insert(r)
    .values({ idUser, ...values, reminderUpdated: now })
    .onConflictDoUpdate({ target: r.idUser, set: { ...values, reminderUpdated: now } });
}

/** Every reminder that is on: whether each is due depends on its zone, worked out in Node. */
export async function listRemindersOn(db: Database) {
  return db
    .select({
      idUser: r.idUser,
      reminderTime: r.reminderTime,
      reminderTimeZone: r.reminderTimeZone,
      reminderSentOn: r.reminderSentOn,
    })
    .from(r)
    .where(eq(r.reminderOn, true))
    .orderBy(asc(r.idUser));
}

/**
 * Marks the learner's local day as reminded, if it was not and the reminder is still on: the one
 * row update that makes a day's reminder go at most once, whatever runs at the same time.
 */
export async function claimReminderDay(db: Database, idUser: number, day: string): Promise<boolean> {
  const rows = await db
    .update(r)
    .set({ reminderSentOn: day })
    .where(and(eq(r.idUser, idUser), eq(r.reminderOn, true), or(isNull(r.reminderSentOn), lt(r.reminderSentOn, day))))
    .returning({ idUser: r.idUser });
  return rows.length > 0;
}

/** True for the first run to claim this quarter hour (it queues the next one). */
export async function claimReminderRun(db: Database, runAt: Date, now: Date): Promise<boolean> {
  const rows = await db
    .insert(runs)
    .values({ reminderRunAt: runAt, reminderRunStarted: now })
    .onConflictDoNothing()
    .returning({ runAt: runs.reminderRunAt });
  return rows.length > 0;
}

export async function deleteReminderRunsBefore(db: Database, before: Date) {
  await db.delete(runs).where(lt(runs.reminderRunAt, before));
}
