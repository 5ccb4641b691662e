import { and, asc, type Database, desc, eq, tables } from '@fretline/db';

// The first-visit quiz's row (one per user) and the catalogue facts its rules read (ADR 0064).

const v = tables.videos;
const c = tables.courses;
const cv = tables.courseVideos;
const f = tables.firstSteps;

export async function findFirstSteps(db: Database, idUser: number) {
  const [row] = await db.select().from(f).where(eq(f.idUser, idUser)).limit(1);
  return row;
}

export async function upsertFirstSteps(
  db: Database,
  idUser: number,
  values: Partial<Omit<typeof f.$inferInsert, 'idUser'>> & { firstStepsUpdated: Date },
) {
  const [row] = await db
    .insert(f)
    .values({ idUser, ...values })
    .onConflictDoUpdate({ target: f.idUser, set: values })
    .returning();
  if (!row) throw new Error('first steps not written');
  return row;
}

/** Published courses with the facets of their published videos. */
export async function findCourseFacts(db: Database) {
  return (
    db
      .select({
        idCourse: c.idCourse,
        order: c.courseOrder,
        archetype: c.courseArchetype,
        difficulty: v.videoDifficulty,
        instrument: v.videoInstrument,
        skill: v.videoSkill,
        genre: v.videoGenre,
      })
      .from(cv)
      .innerJoin(c, eq(c.idCourse, cv.idCourse))
      .innerJoin(v, eq(v.idVideo, cv.idVideo))
      .where(and(eq(c.coursePublished, true), eq(v.videoPublished, true)))
      // Each course's lessons in their order ('video' before 'song'), so its first entry is where it starts.
      .orderBy(asc(c.courseOrder), asc(c.idCourse), desc(cv.courseVideoKind), asc(cv.courseVideoOrder), asc(cv.idCourseVideo))
  );
}

/** A course's first published lesson: where the recommendation sends a learner to start. */
export async function findFirstLesson(db: Database, idCourse: number) {
  const [row] = await db
    .select({ slug: v.videoSlug, title: v.videoTitle })
    .from(cv)
    .innerJoin(v, eq(v.idVideo, cv.idVideo))
    .where(and(eq(cv.idCourse, idCourse), eq(cv.courseVideoKind, 'video'), eq(v.videoPublished, true)))
    .orderBy(asc(cv.courseVideoOrder), asc(cv.idCourseVideo))
    .limit(1);
  return row;
}

/** Published songs with what the rules and the card need. */
export async function findSongFacts(db: Database) {
  return db
    .select({
      idVideo: v.idVideo,
      slug: v.videoSlug,
      title: v.videoTitle,
      artist: v.videoArtist,
      image: v.videoImage,
      premium: v.videoPremium,
      order: v.videoOrder,
      difficulty: v.videoDifficulty,
      instrument: v.videoInstrument,
      skill: v.videoSkill,
      genre: v.videoGenre,
    })
    .from(v)
    .where(and(eq(v.videoPublished, true), eq(v.videoCategory, 'Song')));
}
