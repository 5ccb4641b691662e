import { pickResume, type ResumePick } from '@fretline/contract';
import { coursePercentComplete } from './lock-rules.ts';

// Where a learner stands in a course (docs/product.md#learning-progress, ADR 0064): pure, so the
// course page, GET me/progress and the tests work it out the same way.

export interface PlayState {
  completed: boolean;
  currentTime: number;
  totalTime: number;
}

interface CourseStanding {
  done: number;
  total: number;
  percent: number;
  /** The lesson Resume opens; null when every lesson is done. */
  pick: ResumePick | null;
}

/** The course's entries in order, the learner's plays by video id and the lesson last touched. */
export function courseStanding(
  entries: readonly { idCourseVideo: number; idVideo: number }[],
  plays: ReadonlyMap<number, PlayState>,
  lastTouched: number | null | undefined,
): CourseStanding {
  const lessons = entries.map((e) => {
    const play = plays.get(e.idVideo);
    return {
      idCourseVideo: e.idCourseVideo,
      done: play?.completed ?? false,
      currentTime: play?.currentTime ?? 0,
      totalTime: play?.totalTime ?? 0,
    };
  });
  const done = lessons.filter((l) => l.done).length;
  return {
    done,
    total: lessons.length,
    percent: coursePercentComplete(done, lessons.length),
    pick: pickResume(lessons, lastTouched),
  };
}
