import { z } from 'zod';

/** Whether the runtime knows this IANA zone name (`Europe/London`), as browsers report it. */
export function isIanaTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The member's own time zone (docs/decisions/0067-keeping-members-and-the-numbers.md): their e-mails
 * give dates in it. Refused with a sentence when unknown.
 */
export const MemberTimeZoneSchema = z.string().trim().max(64).refine(isIanaTimeZone, 'That time zone is not known.');

/** The same, sent along with a sign-in: an unknown zone is dropped rather than failing the sign-in. */
export const SignInTimeZoneSchema = z
  .string()
  .max(64)
  .optional()
  .catch(undefined)
  .transform((zone) => (zone && isIanaTimeZone(zone) ? zone : undefined));
