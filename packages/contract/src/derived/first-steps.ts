/**
 * The first-visit quiz's options (docs/product.md#first-steps), apart from its schemas in
 * calls/progress.ts: the home page renders the quiz and would otherwise load zod with them, a
 * quarter of its JavaScript (ADR 0056).
 */
import type { FirstStepsAnswers } from '../calls/progress.ts';

export const FIRST_STEPS_LEVELS = ['new', 'beginner', 'intermediate', 'advanced'] as const;
export const FIRST_STEPS_STYLES = ['pop', 'rock', 'blues', 'folk', 'any'] as const;
export const FIRST_STEPS_GUITARS = ['acoustic', 'electric', 'ukulele'] as const;
export const FIRST_STEPS_GOALS = ['songs', 'chords', 'rhythm', 'lead', 'technique'] as const;
export type FirstStepsLevel = (typeof FIRST_STEPS_LEVELS)[number];
export type FirstStepsStyle = (typeof FIRST_STEPS_STYLES)[number];
export type FirstStepsGuitar = (typeof FIRST_STEPS_GUITARS)[number];
export type FirstStepsGoal = (typeof FIRST_STEPS_GOALS)[number];

const oneOf = <T extends string>(options: readonly T[], value: unknown): value is T => options.includes(value as T);

/**
 * Answers a browser kept, if they are still answers the quiz offers; null for anything else (an
 * entry from an older quiz, or one edited by hand). The API validates with the schema instead.
 */
export function keptFirstStepsAnswers(value: unknown): FirstStepsAnswers | null {
  if (!value || typeof value !== 'object') return null;
  const { first_steps_level, first_steps_style, first_steps_guitar, first_steps_goals } = value as Record<string, unknown>;
  if (!oneOf(FIRST_STEPS_LEVELS, first_steps_level)) return null;
  if (!oneOf(FIRST_STEPS_STYLES, first_steps_style)) return null;
  if (!oneOf(FIRST_STEPS_GUITARS, first_steps_guitar)) return null;
  if (!Array.isArray(first_steps_goals) || first_steps_goals.length > FIRST_STEPS_GOALS.length) return null;
  const goals: FirstStepsGoal[] = [];
  for (const goal of first_steps_goals) {
    if (!oneOf(FIRST_STEPS_GOALS, goal)) return null;
    goals.push(goal);
  }
  return { first_steps_level, first_steps_style, first_steps_guitar, first_steps_goals: goals };
}
