import {
  FIRST_STEPS_GOALS,
  FirstStepsAnswersSchema,
  type FirstSteps,
  type FirstStepsAnswers,
  type FirstStepsRecommendation,
} from '@fretline/contract';
import { signedMediaUrl } from '../../platform/media/index.ts';
import { CatalogueCache } from './catalogue-cache.ts';
import { findCourseById } from './courses.repository.ts';
import { pickCourse, pickSongs, recommendationReasons, type CourseFacts } from './first-steps-rules.ts';
import { findCourseFacts, findFirstLesson, findFirstSteps, findSongFacts, upsertFirstSteps } from './first-steps.repository.ts';
import type { VideosContext } from './videos.context.ts';

// The optional first-visit quiz (docs/product.md#first-steps, ADR 0064): a signed-in learner's
// answers are kept per user; a visitor's stay in the browser and ask for the same recommendation.

// The same answers get the same recommendation from the same catalogue: remembered like the other
// catalogue reads (ADR 0018), so a learner's home does not score every course on each visit.
const recommendationCache = new CatalogueCache<FirstStepsRecommendation>(10_000);

/** The quiz's recommendation for these answers, from the published catalogue. */
export function recommendFirstSteps(ctx: VideosContext, answers: FirstStepsAnswers): Promise<FirstStepsRecommendation> {
  return recommendationCache.get(ctx.db, JSON.stringify(answers), () => scoreFirstSteps(ctx, answers));
}

async function scoreFirstSteps(ctx: VideosContext, answers: FirstStepsAnswers): Promise<FirstStepsRecommendation> {
  const [rows, songs] = await Promise.all([findCourseFacts(ctx.db), findSongFacts(ctx.db)]);
  const courses = new Map<number, CourseFacts>();
  for (const row of rows) {
    const course = courses.get(row.idCourse) ?? {
      idCourse: row.idCourse,
      order: row.order,
      archetype: row.archetype,
      entries: [],
    };
    course.entries.push(row);
    courses.set(row.idCourse, course);
  }
  const picked = pickCourse([...courses.values()], answers);
  const [course, firstLesson] = picked
    ? await Promise.all([findCourseById(ctx.db, picked.idCourse), findFirstLesson(ctx.db, picked.idCourse)])
    : [undefined, undefined];
  return {
    course: course
      ? {
          id_course: course.idCourse,
          course_slug: course.courseSlug,
          course_title: course.courseTitle,
          course_image: signedMediaUrl(ctx, course.courseImage),
        }
      : null,
    // The course's first lesson, where "Start the course" goes (docs/product.md#first-steps).
    first_lesson: course && firstLesson ? { video_slug: firstLesson.slug, video_title: firstLesson.title } : null,
    songs: pickSongs(songs, answers).map((s) => {
      const song = songs.find((x) => x.idVideo === s.idVideo)!;
      return {
        id_video: song.idVideo,
        video_slug: song.slug,
        video_title: song.title,
        video_artist: song.artist,
        video_difficulty: song.difficulty,
        video_image: signedMediaUrl(ctx, song.image),
        video_premium: song.premium,
      };
    }),
    reasons: recommendationReasons(answers),
  };
}

type Row = NonNullable<Awaited<ReturnType<typeof findFirstSteps>>>;

/** The stored answers, read back through the contract (a value no longer offered reads as unanswered). */
function answersOf(row: Row | undefined): FirstStepsAnswers | null {
  if (!row) return null;
  const parsed = FirstStepsAnswersSchema.safeParse({
    first_steps_level: row.firstStepsLevel,
    first_steps_style: row.firstStepsStyle,
    first_steps_guitar: row.firstStepsGuitar,
    first_steps_goals: row.firstStepsGoals.split(',').filter((g) => (FIRST_STEPS_GOALS as readonly string[]).includes(g)),
  });
  return parsed.success ? parsed.data : null;
}

async function toFirstSteps(ctx: VideosContext, row: Row | undefined): Promise<FirstSteps> {
  const answers = answersOf(row);
  return {
    answers,
    first_steps_dismissed: row?.firstStepsDismissed ?? false,
    recommendation: answers ? await recommendFirstSteps(ctx, answers) : null,
  };
}

export async function getFirstSteps(ctx: VideosContext, idUser: number): Promise<FirstSteps> {
  return toFirstSteps(ctx, await findFirstSteps(ctx.db, idUser));
}

/** Answering (again) shows the card again, with the new recommendation. */
export async function putFirstSteps(ctx: VideosContext, idUser: number, answers: FirstStepsAnswers): Promise<FirstSteps> {
  const row = await upsertFirstSteps(ctx.db, idUser, {
    firstStepsLevel: answers.first_steps_level,
    firstStepsStyle: answers.first_steps_style,
    firstStepsGuitar: answers.first_steps_guitar,
    firstStepsGoals: [...new Set(answers.first_steps_goals)].join(','),
    firstStepsDismissed: false,
    firstStepsUpdated: ctx.now,
  });
  return toFirstSteps(ctx, row);
}

export async function dismissFirstSteps(ctx: VideosContext, idUser: number): Promise<FirstSteps> {
  const row = await upsertFirstSteps(ctx.db, idUser, { firstStepsDismissed: true, firstStepsUpdated: ctx.now });
  return toFirstSteps(ctx, row);
}
