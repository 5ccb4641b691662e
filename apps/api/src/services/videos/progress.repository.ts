import { and, asc, type Database, eq, sql, tables } from '@fretline/db';

// Plays and course progress (ADR 0016): where each learner is in each video and course.

const c = tables.courses;
const cv = tables.courseVideos;

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

/** Ids of the course's videos this user has finished (ADR 0016). */
export async function findFinishedVideoIds(db: Database, idUser: number, idCourse: number): Promise<number[]> {
  const rows = await db
    .select({ idVideo: tables.videoPlays.idVideo })
    .from(tables.videoPlays)
    .innerJoin(cv, and(eq(cv.idVideo, tables.videoPlays.idVideo), eq(cv.idCourse, idCourse)))
    .where(and(eq(tables.videoPlays.idUser, idUser), eq(tables.videoPlays.videoPlayCompleted, true)));
  return rows.map((r) => r.idVideo);
}

export async function findPlay(db: Database, idUser: number, idVideo: number) {
  const [row] = await db
    .select({
      idVideoPlay: tables.videoPlays.idVideoPlay,
      videoPlayTotalTime: tables.videoPlays.videoPlayTotalTime,
      videoPlayCurrentTime: tables.videoPlays.videoPlayCurrentTime,
    })
    .from(tables.videoPlays)
    .where(and(eq(tables.videoPlays.idUser, idUser), eq(tables.videoPlays.idVideo, idVideo)))
    .limit(1);
  return row;
}

export async function findPlayById(db: Database, idVideoPlay: number) {
  const [row] = await db
    .select({ idUser: tables.videoPlays.idUser, idVideo: tables.videoPlays.idVideo })
    .from(tables.videoPlays)
    .where(eq(tables.videoPlays.idVideoPlay, idVideoPlay))
    .limit(1);
  return row;
}

/** Creates or updates the user's play of a video; `completed` only ever turns on. */
export async function upsertPlay(
  db: Database,
  values: { idUser: number; idVideo: number; totalTime: number; currentTime: number; completed: boolean; now: Date },
) {
  const p = tables.videoPlays;
  const [row] = await db
    .insert(p)
    .values({
      idUser: values.idUser,
      idVideo: values.idVideo,
      videoPlayTotalTime: values.totalTime,
      videoPlayCurrentTime: values.currentTime,
      videoPlayCompleted: values.completed,
      videoPlayCreated: values.now,
      videoPlayUpdated: values.now,
    })
    .onConflictDoUpdate({
      target: [p.idUser, p.idVideo],
      set: {
        videoPlayTotalTime: values.totalTime,
        videoPlayCurrentTime: values.currentTime,
        videoPlayCompleted: sql`${p.videoPlayCompleted} or ${values.completed}`,
        videoPlayUpdated: values.now,
      },
    })
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
