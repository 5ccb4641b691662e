import { and, asc, type Database, eq, inArray, sql, tables } from '@fretline/db';

// Plays and course progress (ADR 0016): where each learner is in each video and course.

const c = tables.courses;

export async function findCourseProgress(db: Database, idUser: number, idCourse: number) {
  const [row] = await db
    .select({
      idCourseVideoActive: tables.courseProgress.idCourseVideoActive,
      videoLastPlayed: tables.courseProgress.videoLastPlayed,
    })
    .from(tables.courseProgress)
    .where(and(eq(tables.courseProgress.idUser, idUser), eq(tables.courseProgress.idCourse, idCourse)))
    .limit(1);
  return row;
}

/** The slug of the published course this user played a video of last (ADR 0049), if any. */
export async function findLastPlayedCourseSlug(db: Database, idUser: number): Promise<string | undefined> {
  const p = tables.courseProgress;
  const [row] = await db
    .select({ slug: c.courseSlug })
    .from(p)
    .innerJoin(c, eq(c.idCourse, p.idCourse))
    .where(and(eq(p.idUser, idUser), eq(c.coursePublished, true)))
    .orderBy(sql`${p.videoLastPlayed} desc nulls last`, asc(c.courseOrder))
    .limit(1);
  return row?.slug;
}

export async function findPlay(db: Database, idUser: number, idVideo: number, lock = false) {
  const query = db
    .select({
      idVideoPlay: tables.videoPlays.idVideoPlay,
      videoPlayTotalTime: tables.videoPlays.videoPlayTotalTime,
      videoPlayCurrentTime: tables.videoPlays.videoPlayCurrentTime,
      videoPlayCompleted: tables.videoPlays.videoPlayCompleted,
      videoPlayWatched: tables.videoPlays.videoPlayWatched,
      videoPlayWatchedTime: tables.videoPlays.videoPlayWatchedTime,
    })
    .from(tables.videoPlays)
    .where(and(eq(tables.videoPlays.idUser, idUser), eq(tables.videoPlays.idVideo, idVideo)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * This user's plays: every one (what the progress page and the cards show, docs/product.md#learning-progress),
 * or only those of the videos named (a course page's lessons).
 */
export async function findUserPlays(db: Database, idUser: number, idVideos?: number[]) {
  const p = tables.videoPlays;
  return db
    .select({
      idVideo: p.idVideo,
      totalTime: p.videoPlayTotalTime,
      currentTime: p.videoPlayCurrentTime,
      completed: p.videoPlayCompleted,
      watchedTime: p.videoPlayWatchedTime,
    })
    .from(p)
    .where(idVideos?.length ? and(eq(p.idUser, idUser), inArray(p.idVideo, idVideos)) : eq(p.idUser, idUser));
}

/** This user's resume points: the lesson last touched in each course and when. */
export async function findUserCourseProgress(db: Database, idUser: number) {
  const p = tables.courseProgress;
  return db
    .select({ idCourse: p.idCourse, idCourseVideoActive: p.idCourseVideoActive, videoLastPlayed: p.videoLastPlayed })
    .from(p)
    .where(eq(p.idUser, idUser));
}

export async function findPlayById(db: Database, idVideoPlay: number) {
  const [row] = await db
    .select({ idUser: tables.videoPlays.idUser, idVideo: tables.videoPlays.idVideo })
    .from(tables.videoPlays)
    .where(eq(tables.videoPlays.idVideoPlay, idVideoPlay))
    .limit(1);
  return row;
}

/**
 * Creates or writes the user's play of a video with the values the service worked out (position,
 * watched stretches, the done flag: docs/product.md#learning-progress).
 */
export async function upsertPlay(
  db: Database,
  values: {
    idUser: number;
    idVideo: number;
    totalTime: number;
    currentTime: number;
    completed: boolean;
    watched: string;
    watchedTime: number;
    now: Date;
  },
) {
  const p = tables.videoPlays;
  const set = {
    videoPlayTotalTime: values.totalTime,
    videoPlayCurrentTime: values.currentTime,
    videoPlayCompleted: values.completed,
    videoPlayWatched: values.watched,
    videoPlayWatchedTime: values.watchedTime,
    videoPlayUpdated: values.now,
  };
  const [row] = await db
    .insert(p)
    .values({ idUser: values.idUser, idVideo: values.idVideo, videoPlayCreated: values.now, ...set })
    .onConflictDoUpdate({ target: [p.idUser, p.idVideo], set })
    .returning();
  if (!row) throw new Error('video play not written');
  return row;
}

export async function upsertCourseProgress(
  db: Database,
  values: { idUser: number; idCourse: number; idCourseVideo: number; percent: number; now: Date },
) {
  const p = tables.courseProgress;
  await db
    .insert(p)
    .values({
      idUser: values.idUser,
      idCourse: values.idCourse,
      idCourseVideoActive: values.idCourseVideo,
      videoLastPlayed: values.now,
      coursePercentComplete: values.percent,
    })
    .onConflictDoUpdate({
      target: [p.idUser, p.idCourse],
      set: { idCourseVideoActive: values.idCourseVideo, videoLastPlayed: values.now, coursePercentComplete: values.percent },
    });
}
