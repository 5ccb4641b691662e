import type { Database } from '@fretline/db';
import { tooManyRequests } from '../../plugins/errors.ts';
import { countInWindows, windowsWait, type WindowLimit } from '../../plugins/rate-limit.ts';

/** ADR 0028: helpdesk submissions per IP and per e-mail, an hour each. */
export const HELPDESK_LIMIT_PER_IP = 10;
export const HELPDESK_LIMIT_PER_EMAIL = 5;
const PER_IP: readonly WindowLimit[] = [{ windowMs: 60 * 60_000, max: HELPDESK_LIMIT_PER_IP }];
const PER_EMAIL: readonly WindowLimit[] = [{ windowMs: 60 * 60_000, max: HELPDESK_LIMIT_PER_EMAIL }];

const TOO_MANY = 'You have sent several messages already, please wait a while before sending another.';
const ipKey = (ip: string) => `helpdesk:ip:${ip}`;
const emailKey = (email: string) => `helpdesk:email:${email.toLowerCase()}`;

/**
 * The early answer, before the captcha is checked (ADR 0028): reads the counters without counting,
 * so a sender already over the limit is told so without the captcha's cost.
 */
export async function requireHelpdeskAllowed(db: Database, sender: { ip: string; email: string }, now: Date): Promise<void> {
  const wait = Math.max(
    await windowsWait(db, ipKey(sender.ip), PER_IP, now),
    await windowsWait(db, emailKey(sender.email), PER_EMAIL, now),
  );
  if (wait > 0) throw tooManyRequests(TOO_MANY);
}

/**
 * Counts a submission: one atomic upsert per counter (ADR 0004), in the transaction that stores it.
 * Over a limit it throws, which rolls the transaction and so its own count back; only stored
 * submissions count, and simultaneous ones cannot all pass.
 */
export async function countHelpdesk(tx: Database, sender: { ip: string; email: string }, now: Date): Promise<void> {
  const wait = Math.max(
    await countInWindows(tx, ipKey(sender.ip), PER_IP, now),
    await countInWindows(tx, emailKey(sender.email), PER_EMAIL, now),
  );
  if (wait > 0) throw tooManyRequests(TOO_MANY);
}
