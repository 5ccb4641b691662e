import { HOME_SONGS, isCourseComplete, isCourseStarted, type FirstStepsAnswers, type LearnerHome } from '@fretline/contract';
import { getFirstSteps, recommendFirstSteps } from './first-steps.service.ts';
import { listLiveStreams } from './live-streams.service.ts';
import type { Viewer } from './lock-rules.ts';
import { getKnownChords, practiceDaysAndGoal } from './practice-log.service.ts';
import { getProgress } from './progress.service.ts';
import type { VideosContext } from './videos.context.ts';
import { listPlayableSongs } from './videos.service.ts';

/** The quiz's answers of someone who has never played: the course that starts at holding and tuning. */
const NEVER_PLAYED: FirstStepsAnswers = {
  first_steps_level: 'new',
  first_steps_style: 'any',
  first_steps_guitar: 'acoustic',
  first_steps_goals: [],
};

/**
 * The signed-in learner's home (docs/product.md#learners-home): the reads of progress, practice,
 * known chords, live lessons and first steps at once, each a few queries and none per course or
 * song. Own data only; nothing here is remembered between requests.
 */
export async function getLearnerHome(ctx: VideosContext, viewer: Viewer & { idUser: number }): Promise<LearnerHome> {
  const [progress, practice, songs, streams, firstSteps] = await Promise.all([
    getProgress(ctx, viewer),
    practiceDaysAndGoal(ctx, viewer.idUser),
    getKnownChords(ctx, viewer.idUser).then((known) =>
      listPlayableSongs(
        ctx,
        viewer,
        known.map((chord) => chord.chord_key),
        HOME_SONGS,
      ),
    ),
    listLiveStreams(ctx, viewer),
    getFirstSteps(ctx, viewer.idUser),
  ]);
  const courses = progress.courses
    .filter((course) => isCourseStarted(course) && !isCourseComplete(course) && course.course_video_active)
    .sort((a, b) => (b.video_last_played?.getTime() ?? 0) - (a.video_last_played?.getTime() ?? 0));
  const started = progress.courses.some(isCourseStarted);
  const startCourse = started
    ? null
    : (firstSteps.recommendation?.course ?? (await recommendFirstSteps(ctx, NEVER_PLAYED)).course);
  // Listed live first, then upcoming soonest first (listLiveStreams' order).
  const live = streams.find((stream) => stream.stream_status !== 'past');
  return {
    continue: progress.continue,
    courses,
    practice,
    songs,
    live: live
      ? {
          stream_slug: live.stream_slug,
          stream_title: live.stream_title,
          stream_starts: live.stream_starts,
          stream_status: live.stream_status,
          stream_locked: live.stream_locked,
        }
      : null,
    first_steps: firstSteps,
    start_course: startCourse,
  };
}
