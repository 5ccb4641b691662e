// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CourseVideoEntry } from '@fretline/contract';
import { CourseOutline, formatDuration, outlineParts } from './course-outline';

afterEach(cleanup);

const entry = (id: number, o: Partial<CourseVideoEntry> = {}): CourseVideoEntry => ({
  id_course_video: id,
  id_video: 100 + id,
  video_title: `Lesson ${id}`,
  video_slug: `lesson-${id}`,
  video_image: null,
  video_premium: false,
  video_duration: null,
  course_video_part: null,
  ...o,
});

describe('outlineParts (ADR 0049)', () => {
  it('opens a part at each heading and numbers the entries on across parts', () => {
    const parts = outlineParts([
      entry(1, { course_video_part: 'Getting started' }),
      entry(2),
      entry(3, { course_video_part: ' First chords ' }),
      entry(4),
    ]);
    expect(parts.map((p) => [p.heading, p.entries.map((e) => e.number)])).toEqual([
      ['Getting started', [1, 2]],
      ['First chords', [3, 4]],
    ]);
  });

  it('keeps entries before the first heading, and a course without parts, in one untitled group', () => {
    expect(outlineParts([entry(1), entry(2, { course_video_part: 'Part two' })]).map((p) => p.heading)).toEqual([
      null,
      'Part two',
    ]);
    expect(outlineParts([entry(1), entry(2, { course_video_part: '  ' })])).toHaveLength(1);
  });
});

describe('formatDuration', () => {
  it('prints a clock length and nothing when unknown', () => {
    expect(formatDuration(16)).toBe('0:16');
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(0)).toBeNull();
  });
});

describe('CourseOutline', () => {
  it('marks each lesson free or members-only, shows its length and groups it under its part', () => {
    render(
      <MemoryRouter>
        <CourseOutline
          title="Lessons"
          courseSlug="beginner"
          watched={new Set([101])}
          activeId={2}
          entries={[
            entry(1, { course_video_part: 'Getting started', video_duration: 16 }),
            entry(2, { video_premium: true, video_duration: 245 }),
            entry(3, { course_video_part: 'First chords', video_premium: true }),
          ]}
        />
      </MemoryRouter>,
    );
    const parts = screen.getAllByTestId('outline-part');
    expect(parts.map((p) => within(p).getByRole('heading').textContent)).toEqual(['Getting started', 'First chords']);
    const [first, second, third] = screen.getAllByTestId('outline-entry');
    expect(first!.textContent).toContain('Free');
    expect(first!.querySelector('time')?.getAttribute('datetime')).toBe('PT16S');
    expect(first!.textContent).toContain('0:16');
    expect(within(first!).getByLabelText('Done')).toBeTruthy();
    expect(second!.textContent).toContain('Members');
    expect(second!.textContent).toContain('4:05');
    expect(second!.textContent).toContain('Up next');
    expect(third!.textContent).toContain('Members');
    expect(third!.querySelector('time')).toBeNull();
    expect(third!.querySelector('a')?.getAttribute('href')).toBe('/videos/lesson-3?course=beginner');
    // Numbering runs on into the second part.
    expect(parts[1]!.querySelector('ol')?.getAttribute('start')).toBe('3');
  });
});
