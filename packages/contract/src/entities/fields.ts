import { z } from 'zod';
import { WireDateSchema } from '../wire/date-schema.ts';

/**
 * Field building blocks shared by every entity (product.md#validation: "ids are integers, text fields may be
 * null, dates are dates; otherwise parsing fails").
 */
export const IdSchema = z.number().int();

/** The largest PostgreSQL `integer`: every id column is one, so a larger id can name no row. */
export const ID_MAX = 2_147_483_647;
const NOT_AN_ID = 'is not a valid id';

/**
 * An id as a caller sends it (a path segment, a query value or a form field): a whole number from
 * 1 to ID_MAX. Anything else is a 400 naming the field here, before the database sees a value it
 * cannot hold (docs/decisions/0047-hostile-input.md).
 */
export const IdInputSchema = z.coerce
  .number({ error: NOT_AN_ID })
  .int({ error: NOT_AN_ID })
  .min(1, { error: NOT_AN_ID })
  .max(ID_MAX, { error: NOT_AN_ID });
export const NullableIdSchema = IdSchema.nullable();
export const TextSchema = z.string().nullable();
export const DateSchema = WireDateSchema;
export const NullableDateSchema = WireDateSchema.nullable();

/** A slug names a route, so it is never null (the one text field the spec's rule does not loosen). */
export const SlugSchema = z.string().min(1);

/**
 * A boolean as it arrives in a form-encoded body (product.md#calls: requests are form-encoded), where
 * `true`/`false`/`1`/`0`/`on` are strings; JSON booleans pass through.
 */
export const FormBooleanSchema = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 'on', 'off']).transform((value) => value === 'true' || value === '1' || value === 'on'),
]);
