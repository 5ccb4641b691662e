import {
  addDays,
  chordIdentity,
  knownChordKeys,
  PRACTICE_BACKDATE_DAYS,
  PRACTICE_CHART_WEEKS,
  PRACTICE_DAY_SECONDS_MAX,
  PRACTICE_GOAL_DEFAULT,
  PRACTICE_REMINDER_TIME_DEFAULT,
  weekStart,
  type ChordChangeRound,
  type ChordChangesBody,
  type KnownChord,
  type PracticeReminder,
  type PracticeReminderBody,
  type PracticeSession,
  type PracticeSessionBody,
  type PracticeSessionUpdateBody,
} from '@fretline/contract';
import { badRequest, notFound } from '../../plugins/errors.ts';
import {
  deleteSession,
  findChordChanges,
  findChordsByHand,
  findDays,
  findGoal,
  findPublishedVideo,
  findReminder,
  findSession,
  findSessions,
  findTaughtChords,
  insertChordChanges,
  insertSession,
  replaceChordsByHand,
  secondsOnDay,
  updateSession,
  upsertGoal,
  upsertReminder,
} from './practice-log.repository.ts';
import type { VideosContext } from './videos.context.ts';

// The practice log, One Minute Changes and Chords I know (product.md#practice-log,
// product.md#one-minute-changes, product.md#chords-i-know). The caller's own rows only.

const LATEST_SESSIONS = 20;
const ROUNDS_KEPT = 500;
/** The furthest ahead of UTC a time zone runs: the latest calendar day anyone can be on. */
const ZONE_AHEAD_MS = 14 * 60 * 60 * 1000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Seconds per day for the charted weeks and the goal (the default until the learner sets one): a
 * week more than the charts show, and a day ahead, since the learner's zone decides their today.
 */
export async function practiceDaysAndGoal(ctx: VideosContext, idUser: number) {
  const today = utcDay(new Date(ctx.now.getTime() + ZONE_AHEAD_MS));
  const from = addDays(weekStart(today), -7 * PRACTICE_CHART_WEEKS);
  const [days, goal] = await Promise.all([findDays(ctx.db, idUser, from), findGoal(ctx.db, idUser)]);
  return { days, goal: goal ? { goal_minutes: goal.goalMinutes, goal_days: goal.goalDays } : { ...PRACTICE_GOAL_DEFAULT } };
}

export async function listPracticeSessions(ctx: VideosContext, idUser: number) {
  const [sessions, { days, goal }] = await Promise.all([
    findSessions(ctx.db, idUser, LATEST_SESSIONS),
    practiceDaysAndGoal(ctx, idUser),
  ]);
  return {
    sessions: sessions.map((row): PracticeSession => ({
      id_practice_session: row.idPracticeSession,
      id_video: row.idVideo,
      video_title: row.videoTitle,
      video_slug: row.videoSlug,
      practice_seconds: row.practiceSeconds,
      practised_on: row.practisedOn,
    })),
    days,
    goal,
  };
}

/** The rules a logged or corrected session meets: a day that has come, within a year, and a day of 24 hours at most. */
async function checkSessionDay(ctx: VideosContext, idUser: number, day: string, seconds: number, exceptSession?: number) {
  const latest = utcDay(new Date(ctx.now.getTime() + ZONE_AHEAD_MS));
  if (day > latest) throw badRequest('That day has not come yet: log practice you have done.', 'practised_on');
  if (day < addDays(utcDay(ctx.now), -PRACTICE_BACKDATE_DAYS)) {
    throw badRequest('That day is more than a year ago.', 'practised_on');
  }
  const already = await secondsOnDay(ctx.db, idUser, day, exceptSession);
  if (already + seconds > PRACTICE_DAY_SECONDS_MAX) {
    throw badRequest('A day has only 24 hours: that is more practice than the day can hold.', 'seconds');
  }
}

export async function logPracticeSession(
  ctx: VideosContext,
  idUser: number,
  body: PracticeSessionBody,
): Promise<PracticeSession> {
  const video = body.id_video === null ? null : await findPublishedVideo(ctx.db, body.id_video);
  if (body.id_video !== null && !video) throw badRequest('That lesson does not exist.', 'id_video');
  await checkSessionDay(ctx, idUser, body.practised_on, body.seconds);
  const id = await insertSession(ctx.db, {
    idUser,
    idVideo: video?.idVideo ?? null,
    practiceSeconds: body.seconds,
    practisedOn: body.practised_on,
    practiceCreated: ctx.now,
  });
  return {
    id_practice_session: id,
    id_video: video?.idVideo ?? null,
    video_title: video?.title ?? null,
    video_slug: video?.slug ?? null,
    practice_seconds: body.seconds,
    practised_on: body.practised_on,
  };
}

const sessionNotFound = () => notFound('That practice session is not in your log.', 'PRACTICE_SESSION_NOT_FOUND');

/**
 * PUT me/practice-sessions/:id: corrects the seconds or the day of the learner's own session, under
 * the rules of a new one (the session's own seconds do not count against its day). Another learner's
 * id is a 404 and nothing changes.
 */
export async function updatePracticeSession(
  ctx: VideosContext,
  idUser: number,
  idPracticeSession: number,
  body: PracticeSessionUpdateBody,
): Promise<PracticeSession> {
  const session = await findSession(ctx.db, idUser, idPracticeSession);
  if (!session) throw sessionNotFound();
  await checkSessionDay(ctx, idUser, body.practised_on, body.seconds, idPracticeSession);
  if (
    !(await updateSession(ctx.db, idUser, idPracticeSession, { practiceSeconds: body.seconds, practisedOn: body.practised_on }))
  ) {
    throw sessionNotFound();
  }
  return {
    id_practice_session: session.idPracticeSession,
    id_video: session.idVideo,
    video_title: session.videoTitle,
    video_slug: session.videoSlug,
    practice_seconds: body.seconds,
    practised_on: body.practised_on,
  };
}

/** DELETE me/practice-sessions/:id: the learner's own session only; another's id is a 404. */
export async function deletePracticeSession(ctx: VideosContext, idUser: number, idPracticeSession: number): Promise<void> {
  if (!(await deleteSession(ctx.db, idUser, idPracticeSession))) throw sessionNotFound();
}

/** The reminder as set, or off at the default time with no zone (the browser offers its own). */
export async function getPracticeReminder(ctx: VideosContext, idUser: number): Promise<PracticeReminder> {
  const row = await findReminder(ctx.db, idUser);
  return row
    ? { reminder_on: row.reminderOn, reminder_time: row.reminderTime, reminder_time_zone: row.reminderTimeZone }
    : { reminder_on: false, reminder_time: PRACTICE_REMINDER_TIME_DEFAULT, reminder_time_zone: null };
}

/** PUT me/practice-reminder: on or off, at a local time in a time zone (the contract checks both). */
export async function putPracticeReminder(
  ctx: VideosContext,
  idUser: number,
  body: PracticeReminderBody,
): Promise<PracticeReminder> {
  await upsertReminder(
    ctx.db,
    idUser,
    { reminderOn: body.reminder_on, reminderTime: body.reminder_time, reminderTimeZone: body.reminder_time_zone },
    ctx.now,
  );
  return { ...body };
}

export async function putPracticeGoal(ctx: VideosContext, idUser: number, goal: { goal_minutes: number; goal_days: number }) {
  await upsertGoal(ctx.db, idUser, goal.goal_minutes, goal.goal_days, ctx.now);
  return goal;
}

function toRound(row: Awaited<ReturnType<typeof insertChordChanges>>): ChordChangeRound {
  return {
    id_chord_change: row.idChordChange,
    chord_a: row.chordA,
    chord_b: row.chordB,
    changes: row.changes,
    changes_created: row.changesCreated,
  };
}

export async function listChordChanges(ctx: VideosContext, idUser: number): Promise<ChordChangeRound[]> {
  return (await findChordChanges(ctx.db, idUser, ROUNDS_KEPT)).map(toRound);
}

/** A pair is one pair whichever chord came first: kept in library order, so its history is one line. */
export async function saveChordChanges(ctx: VideosContext, idUser: number, body: ChordChangesBody): Promise<ChordChangeRound> {
  const [chordA, chordB] = [body.chord_a, body.chord_b].sort();
  return toRound(
    await insertChordChanges(ctx.db, {
      idUser,
      chordA: chordA!,
      chordB: chordB!,
      changes: body.changes,
      changesCreated: ctx.now,
    }),
  );
}

async function taughtKeys(ctx: VideosContext, idUser: number): Promise<Set<string>> {
  const taught = new Set<string>();
  for (const chord of await findTaughtChords(ctx.db, idUser)) {
    const key = chordIdentity(chord.key, chord.text);
    if (key) taught.add(key);
  }
  return taught;
}

/** Known chords (product.md#chords-i-know): taught by lessons done, plus added, less removed by hand. */
export async function getKnownChords(ctx: VideosContext, idUser: number): Promise<KnownChord[]> {
  const [taught, byHand] = await Promise.all([taughtKeys(ctx, idUser), findChordsByHand(ctx.db, idUser)]);
  return knownChordKeys(taught, byHand);
}

/** PUT: the chords known now; what differs from the lessons done is kept as added or removed by hand. */
export async function putKnownChords(ctx: VideosContext, idUser: number, keys: string[]): Promise<KnownChord[]> {
  const taught = await taughtKeys(ctx, idUser);
  const wanted = new Set(keys);
  const rows = [
    ...keys.filter((key) => !taught.has(key)).map((chordKey) => ({ chordKey, known: true })),
    ...[...taught].filter((key) => !wanted.has(key)).map((chordKey) => ({ chordKey, known: false })),
  ];
  await replaceChordsByHand(ctx.db, idUser, rows);
  return knownChordKeys(
    taught,
    rows.map((row) => ({ chord_key: row.chordKey, known: row.known })),
  );
}
