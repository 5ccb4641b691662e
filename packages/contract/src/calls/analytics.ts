import { z } from 'zod';

/** The most `{ key, value, type }` entries one action may carry. */
export const ACTION_VALUES_MAX = 50;

/** One `{ key, value, type }` of an action; numbers and booleans are kept as their text. */
export const ActionValueSchema = z.object({
  key: z.string().trim().min(1).max(100),
  value: z
    .union([z.string(), z.number(), z.boolean(), z.null()])
    .transform((v) => (v === null ? '' : String(v)))
    .pipe(z.string().max(2_000)),
  type: z.string().max(8).default('S'),
});

/**
 * `action_values` arrives as a JSON string (`'[{"key":"path",…}]'`), as a JSON array, or
 * bracket-encoded (`action_values[0][key]=path`), which qs turns into an array — or into an
 * object with numeric keys past its array limit. Every form ends as one validated list.
 */
export const ActionValuesSchema = z
  .union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .optional()
  .transform((raw, ctx) => {
    if (raw === undefined || raw === '') return [];
    if (typeof raw !== 'string') return Array.isArray(raw) ? raw : Object.values(raw);
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of {key, value, type}' });
      return z.NEVER;
    }
  })
  .pipe(z.array(ActionValueSchema, 'must be a list of {key, value, type}').max(ACTION_VALUES_MAX));

export const RecordActionBodySchema = z.object({
  action_type_name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'may only contain letters, digits and _ . : -'),
  action_values: ActionValuesSchema,
});

/** 201 with success, or 204 when analytics are off (the call still succeeds). */
export const RecordActionResponseSchema = z.object({ data: z.object({ success: z.literal(true) }) });
