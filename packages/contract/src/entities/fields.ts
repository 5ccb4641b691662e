import { z } from 'zod';
import { WireDateSchema } from '../wire/date-schema.ts';

/**
 * Field building blocks shared by every entity (spec §5: "ids are integers, text fields may be
 * null, dates are dates; otherwise parsing fails").
 */
export const IdSchema = z.number().int();
export const NullableIdSchema = IdSchema.nullable();
export const TextSchema = z.string().nullable();
export const DateSchema = WireDateSchema;
export const NullableDateSchema = WireDateSchema.nullable();

/** A slug names a route, so it is never null (the one text field the spec's rule does not loosen). */
export const SlugSchema = z.string().min(1);

/**
 * A boolean as it arrives in a form-encoded body (spec §7: requests are form-encoded), where
 * `true`/`false`/`1`/`0`/`on` are strings; JSON booleans pass through.
 */
export const FormBooleanSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 'on', 'off']).transform((value) => value === 'true' || value === '1' || value === 'on'),
]);
