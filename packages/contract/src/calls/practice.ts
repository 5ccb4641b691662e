import { z } from 'zod';
import { FormBooleanSchema, NullableDateSchema } from '../entities/fields.ts';
import {
  PRACTICE_COUNT_IN_MAX,
  PRACTICE_LADDER_LOOPS_MAX,
  PRACTICE_LADDER_STEP_MAX,
  PRACTICE_LOOP_MIN_SECONDS,
  PRACTICE_RATE_MAX,
  PRACTICE_RATE_MIN,
  PRACTICE_RATE_STEP,
  PRACTICE_SCREENS,
  PRACTICE_TIME_MAX,
} from '../derived/practice.ts';
import { envelope } from '../wire/envelope.ts';

/**
 * The practice player's settings (product.md#practice, ADR 0058): one row per person, video and
 * screen class. Speeds are whole percents; loop ends are seconds, or null for no loop.
 */
export const PracticeScreenSchema = z.enum(PRACTICE_SCREENS, { error: 'Use small or large for practice_screen.' });

const blankToNull = (value: unknown) => (value === undefined || value === '' ? null : value);

/** A speed: 25 to 150 percent, a multiple of 5 (the slider's steps). */
const percent = (what: string) =>
  z.coerce
    .number({ error: `Give ${what} as a number.` })
    .int(`Give ${what} as a whole percent.`)
    .min(PRACTICE_RATE_MIN, `${what} must be at least ${PRACTICE_RATE_MIN} %.`)
    .max(PRACTICE_RATE_MAX, `${what} must be at most ${PRACTICE_RATE_MAX} %.`)
    .refine((n) => n % PRACTICE_RATE_STEP === 0, `${what} goes in steps of ${PRACTICE_RATE_STEP} %.`);

const loopEnd = (what: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `Give ${what} in seconds.` })
      .min(0, `${what} cannot be before the start of the video.`)
      .max(PRACTICE_TIME_MAX, `${what} is past the end of any video.`)
      .nullable(),
  );

export const PracticeSettingsBodySchema = z
  .object({
    practice_rate: percent('The speed'),
    practice_loop_start: loopEnd('The loop start (A)'),
    practice_loop_end: loopEnd('The loop end (B)'),
    practice_ladder_start: percent('The ladder start'),
    practice_ladder_step: z.coerce
      .number({ error: 'Give the ladder step as a number.' })
      .int('Give the ladder step as a whole percent.')
      .min(PRACTICE_RATE_STEP, `The ladder step must be at least ${PRACTICE_RATE_STEP} %.`)
      .max(PRACTICE_LADDER_STEP_MAX, `The ladder step must be at most ${PRACTICE_LADDER_STEP_MAX} %.`)
      .refine((n) => n % PRACTICE_RATE_STEP === 0, `The ladder step goes in steps of ${PRACTICE_RATE_STEP} %.`),
    practice_ladder_target: percent('The ladder target'),
    practice_ladder_loops: z.coerce
      .number({ error: 'Give the clean loops per rung as a number.' })
      .int('Give the clean loops per rung as a whole number.')
      .min(1, 'The ladder needs at least 1 clean loop per rung.')
      .max(PRACTICE_LADDER_LOOPS_MAX, `The ladder needs at most ${PRACTICE_LADDER_LOOPS_MAX} clean loops per rung.`),
    practice_count_in: z.coerce
      .number({ error: 'Give the count-in as a number of beats.' })
      .int('Give the count-in as a whole number of beats.')
      .min(0, 'The count-in cannot be negative.')
      .max(PRACTICE_COUNT_IN_MAX, `The count-in is at most ${PRACTICE_COUNT_IN_MAX} beats.`),
    practice_mirror: FormBooleanSchema,
    practice_screen: PracticeScreenSchema,
  })
  .superRefine((s, ctx) => {
    if ((s.practice_loop_start === null) !== (s.practice_loop_end === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [s.practice_loop_start === null ? 'practice_loop_start' : 'practice_loop_end'],
        message: 'Set both ends of the loop (A and B), or neither.',
      });
    } else if (s.practice_loop_start !== null && s.practice_loop_end !== null) {
      if (s.practice_loop_end - s.practice_loop_start < PRACTICE_LOOP_MIN_SECONDS) {
        ctx.addIssue({
          code: 'custom',
          path: ['practice_loop_end'],
          message: `The loop end (B) must come at least ${PRACTICE_LOOP_MIN_SECONDS} s after its start (A).`,
        });
      }
    }
    if (s.practice_ladder_start > s.practice_ladder_target) {
      ctx.addIssue({
        code: 'custom',
        path: ['practice_ladder_target'],
        message: 'The ladder target must be at or above its start.',
      });
    }
  });
export type PracticeSettingsBody = z.infer<typeof PracticeSettingsBodySchema>;
export type PracticeSettingsInput = z.input<typeof PracticeSettingsBodySchema>;

/** The settings as read: what was saved, or the defaults (practice_updated null) when nothing was. */
export const PracticeSettingsSchema = z.object({
  practice_rate: z.number().int(),
  practice_loop_start: z.number().nullable(),
  practice_loop_end: z.number().nullable(),
  practice_ladder_start: z.number().int(),
  practice_ladder_step: z.number().int(),
  practice_ladder_target: z.number().int(),
  practice_ladder_loops: z.number().int(),
  practice_count_in: z.number().int(),
  practice_mirror: z.boolean(),
  practice_screen: PracticeScreenSchema,
  practice_updated: NullableDateSchema,
});
export type PracticeSettings = z.infer<typeof PracticeSettingsSchema>;

export const PracticeQuerySchema = z.object({ practice_screen: PracticeScreenSchema.default('large') });
export const PracticeResponseSchema = envelope('practice', PracticeSettingsSchema);
