import dayjs from 'dayjs';
import { z } from 'zod';
import { parseWireDate } from './dates.ts';

// Kept apart from ./dates.ts so browser code that only formats or revives dates never pulls zod in.
/** A date field on the wire: accepts a Date (already revived) or a wire date string (or ISO). */
export const WireDateSchema = z.union([
  z.date(),
  z.string().transform((value, ctx) => {
    const date =
      parseWireDate(value) ?? (dayjs(value).isValid() && /^\d{4}-\d{2}-\d{2}T/.test(value) ? dayjs(value).toDate() : undefined);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'Must be a date formatted YYYY-MM-DD HH:mm:ss (UTC).' });
      return z.NEVER;
    }
    return date;
  }),
]);
