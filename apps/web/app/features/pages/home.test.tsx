// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentCourse, VideoFacets } from '@fretline/contract';
import { catalogueLessonCount, membershipBenefits } from './home';
import { HomeHeroArt } from './home-hero-art';

afterEach(cleanup);

const current: CurrentCourse = {
  id_course: 1,
  course_slug: 'beginner-guitar-course',
  course_title: 'Beginner Guitar Course',
  course_image: null,
  course_percent_complete: 12.5,
  course_video_active: {
    id_course_video: 3,
    id_video: 9,
    video_title: 'Your First Chords: E minor and G',
    video_slug: 'first-chords-em-and-g',
    video_image: null,
    video_premium: false,
    video_duration: 16,
    course_video_part: null,
    video_play_start_time: 0,
    video_last_played: new Date(),
  },
};

describe('the home hero card', () => {
  it("shows the learner's own course, percent and resume link", () => {
    render(
      <MemoryRouter>
        <HomeHeroArt current={current} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('current-course');
    expect(card.textContent).toContain('Beginner Guitar Course');
    expect(card.textContent).toContain('13% complete');
    expect(card.getAttribute('href')).toBe('/videos/first-chords-em-and-g?course=beginner-guitar-course&t=0');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('13');
    expect(document.body.textContent).not.toContain('38%');
  });

  it('shows no progress card, and no made-up lesson, without a course in progress', () => {
    render(
      <MemoryRouter>
        <HomeHeroArt current={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('current-course')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Course progress|38%|Lesson 4|Your first G chord/);
  });
});

describe('the membership benefits', () => {
  const facets = {
    category: [
      { value: 'Lesson', count: 50 },
      { value: 'Song', count: 15 },
      { value: 'Live Replay', count: 4 },
    ],
  } as VideoFacets;

  it('count the lessons and songs the catalogue really holds', () => {
    expect(catalogueLessonCount(facets)).toBe(65);
    expect(membershipBenefits(65)).toContain('65 lessons and song walkthroughs');
    expect(membershipBenefits(65).join(' ')).not.toMatch(/hundreds/i);
  });

  it('name no figure when the catalogue cannot answer', () => {
    expect(catalogueLessonCount(undefined)).toBeNull();
    for (const benefit of membershipBenefits(null)) expect(benefit).not.toMatch(/^\d+ lessons|hundreds/i);
  });
});
