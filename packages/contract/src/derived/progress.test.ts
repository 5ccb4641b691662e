import { describe, expect, it } from 'vitest';
import {
  formatWatchedRanges,
  isCourseComplete,
  isCourseStarted,
  isWatchedEnough,
  mergeWatchedRanges,
  parseWatchedRanges,
  pickResume,
  resumeStartTime,
  subtractWatchedRanges,
  watchedPercent,
  watchedSeconds,
  type ResumeLesson,
} from './progress.ts';

describe('unique seconds watched', () => {
  it('counts a stretch watched twice once', () => {
    expect(
      watchedSeconds([
        [0, 10],
        [5, 15],
        [30, 40],
      ]),
    ).toBe(25);
    expect(
      mergeWatchedRanges([
        [30, 40],
        [0, 10],
        [10, 12],
      ]),
    ).toEqual([
      [0, 12],
      [30, 40],
    ]);
  });

  it('reads and writes the wire form, refusing anything else', () => {
    expect(parseWatchedRanges('0-12.5,30-45')).toEqual([
      [0, 12.5],
      [30, 45],
    ]);
    expect(parseWatchedRanges('')).toEqual([]);
    expect(parseWatchedRanges('12-3')).toBeNull();
    expect(parseWatchedRanges('a-b')).toBeNull();
    expect(parseWatchedRanges('-1-3')).toBeNull();
    expect(
      formatWatchedRanges([
        [30, 45],
        [0, 12.54],
        [12, 13],
      ]),
    ).toBe('0-13,30-45');
  });

  it('takes away what was watched before a reset', () => {
    expect(
      subtractWatchedRanges(
        [
          [0, 20],
          [30, 40],
        ],
        [
          [5, 10],
          [35, 50],
        ],
      ),
    ).toEqual([
      [0, 5],
      [10, 20],
      [30, 35],
    ]);
  });
});

describe('the done rule', () => {
  it('is done at 90 % of the unique seconds, not by skipping to the end', () => {
    expect(isWatchedEnough(90, 100)).toBe(true);
    expect(isWatchedEnough(89.9, 100)).toBe(false);
    expect(isWatchedEnough(10, 0)).toBe(false);
  });

  it('shows the percent watched, 100 once done', () => {
    expect(watchedPercent(45, 100, false)).toBe(45);
    expect(watchedPercent(3, 100, true)).toBe(100);
    expect(watchedPercent(3, 0, false)).toBe(0);
  });
});

describe('the resume rules', () => {
  it('starts at the position, or at 0 with less than 10 s left', () => {
    expect(resumeStartTime(42, 120)).toBe(42);
    expect(resumeStartTime(111, 120)).toBe(0);
    expect(resumeStartTime(110, 120)).toBe(110);
    expect(resumeStartTime(null, 120)).toBe(0);
    expect(resumeStartTime(42, 0)).toBe(42);
  });

  const lessons = (...done: boolean[]): ResumeLesson[] =>
    done.map((d, i) => ({ idCourseVideo: i + 1, done: d, currentTime: 30, totalTime: 100 }));

  it('resumes the lesson last touched while it is unfinished, at its position', () => {
    expect(pickResume(lessons(true, false, false), 2)).toEqual({ idCourseVideo: 2, startTime: 30 });
  });

  it('goes to the first unfinished lesson after a finished one, at 0', () => {
    expect(pickResume(lessons(true, true, true, false, false), 2)).toEqual({ idCourseVideo: 4, startTime: 0 });
  });

  it('wraps to an unfinished lesson before it when the rest are done', () => {
    expect(pickResume(lessons(true, false, true, true), 4)).toEqual({ idCourseVideo: 2, startTime: 0 });
  });

  it('starts an untouched course at its first unfinished lesson, and has nothing when all are done', () => {
    expect(pickResume(lessons(false, false), null)).toEqual({ idCourseVideo: 1, startTime: 0 });
    expect(pickResume(lessons(true, false), undefined)).toEqual({ idCourseVideo: 2, startTime: 0 });
    expect(pickResume(lessons(true, true), 1)).toBeNull();
  });

  it('starts a touched lesson with less than 10 s left at 0', () => {
    const l = [{ idCourseVideo: 7, done: false, currentTime: 95, totalTime: 100 }];
    expect(pickResume(l, 7)).toEqual({ idCourseVideo: 7, startTime: 0 });
  });
});

describe('started and complete (docs/product.md#learning-progress)', () => {
  const course = (done: number, total: number, opened: boolean) => ({
    course_lessons_done: done,
    course_lessons_total: total,
    video_last_played: opened ? new Date('2026-11-20T10:00:00Z') : null,
  });

  it('counts a course started when it was opened or one of its lessons is done elsewhere', () => {
    expect(isCourseStarted(course(0, 5, false))).toBe(false);
    expect(isCourseStarted(course(0, 5, true))).toBe(true);
    expect(isCourseStarted(course(1, 5, false))).toBe(true);
  });

  it('calls a course complete only when every lesson is done', () => {
    expect(isCourseComplete(course(5, 5, false))).toBe(true);
    expect(isCourseComplete(course(4, 5, true))).toBe(false);
    expect(isCourseComplete(course(0, 0, true))).toBe(false);
  });
});
