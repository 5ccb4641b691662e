import { z } from 'zod';
import { CHORD_LIBRARY } from '../derived/chord-library.ts';
import {
  CHORD_CHANGES_MAX,
  PRACTICE_GOAL_MINUTES_MAX,
  PRACTICE_GOAL_MINUTES_MIN,
  PRACTICE_SECONDS_MAX,
  PRACTICE_SECONDS_MIN,
} from '../derived/practice-log.ts';
import { DateSchema, IdInputSchema, IdSchema, TextSchema } from '../entities/fields.ts';
import { MemberTimeZoneSchema } from '../entities/time-zone.ts';
import { envelope } from '../wire/envelope.ts';

/**
 * The practice log, One Minute Changes and Chords I know (product.md#practice-log,
 * product.md#one-minute-changes, product.md#chords-i-know): the learner's own data only.
 */

const CHORD_KEYS = new Set(CHORD_LIBRARY.map((chord) => chord.key));
/** A calendar day as the learner's browser says it: YYYY-MM-DD. */
const DaySchema = z
  .string({ error: 'Give the day as YYYY-MM-DD.' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day as YYYY-MM-DD.')
  .refine(
    (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'That day does not exist.',
  );
const LibraryKeySchema = z
  .string({ error: 'Name a chord from the chord library.' })
  .trim()
  .refine((key) => CHORD_KEYS.has(key), 'That chord is not in the chord library.');

export const PracticeSessionSchema = z.object({
  id_practice_session: IdSchema,
  id_video: IdSchema.nullable(),
  video_title: TextSchema,
  video_slug: TextSchema,
  practice_seconds: z.number().int(),
  practised_on: z.string(),
});
export type PracticeSession = z.infer<typeof PracticeSessionSchema>;

export const PracticeGoalSchema = z.object({ goal_minutes: z.number().int(), goal_days: z.number().int() });

/**
 * GET me/practice-sessions -> the latest sessions, seconds per day for the charted weeks (and a
 * week more, for time zones), and the goal (the default until the learner sets one).
 */
export const PracticeSessionsResponseSchema = z.object({
  data: z.object({
    sessions: z.array(PracticeSessionSchema),
    days: z.array(z.object({ practised_on: z.string(), seconds: z.number().int() })),
    goal: PracticeGoalSchema,
  }),
});

/** POST me/practice-sessions: seconds practised on a day (not in the future), against a lesson or none. */
export const PracticeSessionBodySchema = z.object({
  id_video: z.preprocess((v) => (v === '' || v === undefined ? null : v), IdInputSchema.nullable()),
  seconds: z.coerce
    .number({ error: 'Give the seconds practised as a number.' })
    .int('Give whole seconds.')
    .min(PRACTICE_SECONDS_MIN, 'Practise at least a second before logging it.')
    .max(PRACTICE_SECONDS_MAX, `Log at most ${PRACTICE_SECONDS_MAX / 3600} hours at a time.`),
  practised_on: DaySchema,
});
export type PracticeSessionBody = z.infer<typeof PracticeSessionBodySchema>;
export const PracticeSessionResponseSchema = envelope('session', PracticeSessionSchema);

/** PUT and DELETE me/practice-sessions/:id: one of the caller's own sessions (another's id is a 404). */
export const PracticeSessionIdParamsSchema = z.object({ id: IdInputSchema });
/** PUT me/practice-sessions/:id: the seconds and the day can be corrected; the lesson stays. */
export const PracticeSessionUpdateBodySchema = PracticeSessionBodySchema.pick({ seconds: true, practised_on: true });
export type PracticeSessionUpdateBody = z.infer<typeof PracticeSessionUpdateBodySchema>;

/**
 * The practice reminder (product.md#practice-log): an e-mail on days the learner has not practised,
 * at a local time they pick (HH:MM), in their time zone. Off with no zone until they opt in.
 */
export const PracticeReminderSchema = z.object({
  reminder_on: z.boolean(),
  reminder_time: z.string(),
  reminder_time_zone: z.string().nullable(),
});
export type PracticeReminder = z.infer<typeof PracticeReminderSchema>;
export const PracticeReminderResponseSchema = envelope('reminder', PracticeReminderSchema);
export const PracticeReminderBodySchema = z.object({
  reminder_on: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'Say whether to send reminders.' }),
  ),
  reminder_time: z
    .string({ error: 'Pick a time of day.' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Pick a time of day as HH:MM, from 00:00 to 23:59.'),
  reminder_time_zone: MemberTimeZoneSchema,
});
export type PracticeReminderBody = z.infer<typeof PracticeReminderBodySchema>;

/** PUT me/practice-goal: minutes a day, on how many days of the week. */
export const PracticeGoalBodySchema = z.object({
  goal_minutes: z.coerce
    .number({ error: 'Give the minutes as a number.' })
    .int('Give whole minutes.')
    .min(PRACTICE_GOAL_MINUTES_MIN, `Aim for at least ${PRACTICE_GOAL_MINUTES_MIN} minutes a day.`)
    .max(PRACTICE_GOAL_MINUTES_MAX, `Aim for at most ${PRACTICE_GOAL_MINUTES_MAX} minutes a day.`),
  goal_days: z.coerce
    .number({ error: 'Give the days as a number.' })
    .int('Give whole days.')
    .min(1, 'Practise on at least one day a week.')
    .max(7, 'A week has seven days.'),
});
export const PracticeGoalResponseSchema = envelope('goal', PracticeGoalSchema);

export const ChordChangeRoundSchema = z.object({
  id_chord_change: IdSchema,
  chord_a: z.string(),
  chord_b: z.string(),
  changes: z.number().int(),
  changes_created: DateSchema,
});
export type ChordChangeRound = z.infer<typeof ChordChangeRoundSchema>;
export const ChordChangesResponseSchema = z.object({ data: z.object({ rounds: z.array(ChordChangeRoundSchema) }) });
/** POST me/chord-changes: two different library chords and the changes counted in a minute. */
export const ChordChangesBodySchema = z
  .object({
    chord_a: LibraryKeySchema,
    chord_b: LibraryKeySchema,
    changes: z.coerce
      .number({ error: 'Give the changes as a number.' })
      .int('Count whole changes.')
      .min(0, 'Changes cannot be negative.')
      .max(CHORD_CHANGES_MAX, `${CHORD_CHANGES_MAX} changes in a minute is more than anyone can play.`),
  })
  .refine((body) => body.chord_a !== body.chord_b, { message: 'Pick two different chords.', path: ['chord_b'] });
export type ChordChangesBody = z.infer<typeof ChordChangesBodySchema>;
export const ChordChangeResponseSchema = envelope('round', ChordChangeRoundSchema);

export const KnownChordSchema = z.object({ chord_key: z.string(), chord_source: z.enum(['lesson', 'hand']) });
export type KnownChord = z.infer<typeof KnownChordSchema>;
export const KnownChordsResponseSchema = z.object({ data: z.object({ chords: z.array(KnownChordSchema) }) });
/** PUT me/chords: every chord the learner knows now (library keys); the rest count as not known. */
export const KnownChordsBodySchema = z.object({
  chords: z
    .array(LibraryKeySchema, { error: 'Give the chords as a list.' })
    .max(CHORD_LIBRARY.length, 'That is more chords than the library has.')
    .refine((keys) => new Set(keys).size === keys.length, 'Name each chord once.'),
});
