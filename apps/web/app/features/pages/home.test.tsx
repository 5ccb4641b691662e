// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { VideoFacets } from '@fretline/contract';
import { catalogueLessonCount, membershipBenefits } from './home';
import { HomeHeroArt } from './home-hero-art';

afterEach(cleanup);

describe('the home hero art', () => {
  it('shows no made-up course, lesson or figure: a learner’s own progress is the Continue card', () => {
    render(
      <MemoryRouter>
        <HomeHeroArt />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Course progress|Your course|38%|Lesson 4|Your first G chord|Continue/);
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
