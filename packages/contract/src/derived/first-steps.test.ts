import { describe, expect, it } from 'vitest';
import { FirstStepsAnswersSchema } from '../calls/progress.ts';
import { keptFirstStepsAnswers } from './first-steps.ts';

const answers = {
  first_steps_level: 'beginner',
  first_steps_style: 'blues',
  first_steps_guitar: 'acoustic',
  first_steps_goals: ['songs', 'rhythm'],
};

describe('keptFirstStepsAnswers', () => {
  it('keeps answers the quiz offers, as the schema reads them', () => {
    expect(keptFirstStepsAnswers(answers)).toEqual(FirstStepsAnswersSchema.parse(answers));
    expect(keptFirstStepsAnswers({ ...answers, first_steps_goals: [] })).toEqual({ ...answers, first_steps_goals: [] });
  });

  it('drops anything else: a retired option, a missing answer, a goal twice over the list, not an object', () => {
    for (const kept of [
      { ...answers, first_steps_style: 'polka' },
      { ...answers, first_steps_goals: ['songs', 'yodel'] },
      { ...answers, first_steps_goals: Array(6).fill('songs') },
      { first_steps_level: 'new' },
      null,
      'beginner',
    ]) {
      expect(keptFirstStepsAnswers(kept), JSON.stringify(kept)).toBeNull();
      expect(FirstStepsAnswersSchema.safeParse(kept).success, JSON.stringify(kept)).toBe(false);
    }
  });
});
