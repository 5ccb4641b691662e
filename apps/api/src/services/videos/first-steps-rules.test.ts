import { describe, expect, it } from 'vitest';
import type { FirstStepsAnswers } from '@fretline/contract';
import { pickCourse, type CourseFacts } from './first-steps-rules.ts';

// The quiz's course rule (docs/product.md#first-steps, ADR 0082): never played starts at the start.

const lesson = (difficulty: string, instrument: string, skill: string, genre: string) => ({
  difficulty,
  instrument,
  skill,
  genre,
});

const beginner: CourseFacts = {
  idCourse: 1,
  order: 1,
  archetype: 'course',
  entries: [
    lesson('Beginner', 'Acoustic Guitar', 'Technique', 'Pop'),
    lesson('Beginner', 'Acoustic Guitar', 'Tuning', 'Pop'),
    lesson('Beginner', 'Acoustic Guitar', 'Chords', 'Pop'),
    lesson('Beginner', 'Acoustic Guitar', 'Rhythm', 'Folk'),
  ],
};
// A rock course that opens with two beginner lessons: power chords and palm muting.
const rock: CourseFacts = {
  idCourse: 2,
  order: 2,
  archetype: 'course',
  entries: [
    lesson('Beginner', 'Electric Guitar', 'Rhythm', 'Rock'),
    lesson('Beginner', 'Electric Guitar', 'Rhythm', 'Rock'),
    lesson('Intermediate', 'Electric Guitar', 'Rhythm', 'Rock'),
    lesson('Intermediate', 'Electric Guitar', 'Rhythm', 'Rock'),
  ],
};
const ukulele: CourseFacts = {
  idCourse: 3,
  order: 3,
  archetype: 'course',
  entries: [lesson('Beginner', 'Ukulele', 'Strumming', 'Pop')],
};
const technique: CourseFacts = {
  idCourse: 4,
  order: 0,
  archetype: 'technique',
  entries: [lesson('Beginner', 'Electric Guitar', 'Technique', 'Rock')],
};
const catalogue = [rock, beginner, ukulele, technique];

const ask = (answers: Partial<FirstStepsAnswers>) =>
  pickCourse(catalogue, {
    first_steps_level: 'new',
    first_steps_style: 'any',
    first_steps_guitar: 'acoustic',
    first_steps_goals: [],
    ...answers,
  })?.idCourse;

describe('pickCourse', () => {
  it('sends someone who has never played to the beginner course whatever the style, guitar and goals', () => {
    expect(ask({})).toBe(beginner.idCourse);
    expect(ask({ first_steps_style: 'rock', first_steps_guitar: 'electric', first_steps_goals: ['rhythm'] })).toBe(
      beginner.idCourse,
    );
    expect(ask({ first_steps_style: 'blues', first_steps_guitar: 'electric', first_steps_goals: ['lead', 'technique'] })).toBe(
      beginner.idCourse,
    );
    // Even listed first, a course that turns intermediate half way is not the start.
    expect(
      pickCourse([rock, beginner], {
        first_steps_level: 'new',
        first_steps_style: 'rock',
        first_steps_guitar: 'electric',
        first_steps_goals: ['rhythm'],
      })?.idCourse,
    ).toBe(beginner.idCourse);
  });

  it('still gives a ukulele player who has never played the ukulele course', () => {
    expect(ask({ first_steps_guitar: 'ukulele', first_steps_style: 'rock' })).toBe(ukulele.idCourse);
  });

  it('sends a rock player who knows a few chords on an electric to rock rhythm', () => {
    expect(
      ask({
        first_steps_level: 'beginner',
        first_steps_style: 'rock',
        first_steps_guitar: 'electric',
        first_steps_goals: ['rhythm'],
      }),
    ).toBe(rock.idCourse);
  });
});
