import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

/*
 * Signed reply addresses (ADR 0060, ADR 0072): `reply+<thread>.<link>.<day>.<signature>@INBOUND_MAIL_DOMAIN`,
 * `day` the UTC day it was made (days since 1970), signed too: the address stops working
 * INBOUND_REPLY_TTL_DAYS later, and each staff reply e-mails a fresh one.
 * `link` is the e-mailed token row (ADR 0025) the same e-mail carries for a signed-out sender, or
 * 0 for a registered one; it is signed with the thread, so "Revoke e-mailed links", which revokes
 * that row, retires the address too, and a fresh reply e-mails a fresh one.
 */

const LOCAL_PART = /^reply\+(\d{1,12})\.(\d{1,12})\.(\d{1,6})\.([A-Za-z0-9_-]{16,64})$/;
const DAY_MS = 86_400_000;

type AddressConfig = Pick<Config, 'SECRET_KEY' | 'INBOUND_MAIL_DOMAIN' | 'INBOUND_REPLY_TTL_DAYS'>;

export interface ReplyAddressTarget {
  idThread: number;
  /** The e-mailed token row the address was made with; 0 for a registered sender's thread. */
  idThreadToken: number;
}

function signature(secret: string, { idThread, idThreadToken }: ReplyAddressTarget, day: number): string {
  return createHmac('sha256', secret).update(`thread-reply:${idThread}:${idThreadToken}:${day}`).digest('base64url').slice(0, 22);
}

const dayOf = (now: Date) => Math.floor(now.getTime() / DAY_MS);

/** The Reply-To of a staff reply sent `now`, or undefined when replies by e-mail are off. */
export function replyAddress(config: AddressConfig, target: ReplyAddressTarget, now: Date): string | undefined {
  if (!config.INBOUND_MAIL_DOMAIN) return undefined;
  const day = dayOf(now);
  const sig = signature(config.SECRET_KEY, target, day);
  return `reply+${target.idThread}.${target.idThreadToken}.${day}.${sig}@${config.INBOUND_MAIL_DOMAIN}`;
}

/**
 * What a recipient address names, when its signature is ours; undefined for any other address.
 * Whether the thread and the token row are still live is the caller's question (the database's).
 */
export function parseReplyAddress(config: AddressConfig, address: string, now: Date): ReplyAddressTarget | undefined {
  const at = address.lastIndexOf('@');
  if (at < 0 || !config.INBOUND_MAIL_DOMAIN) return undefined;
  if (address.slice(at + 1).toLowerCase() !== config.INBOUND_MAIL_DOMAIN.toLowerCase()) return undefined;
  const match = LOCAL_PART.exec(address.slice(0, at));
  if (!match) return undefined;
  const target = { idThread: Number(match[1]), idThreadToken: Number(match[2]) };
  const day = Number(match[3]);
  const age = dayOf(now) - day;
  if (age < 0 || age > config.INBOUND_REPLY_TTL_DAYS) return undefined;
  const expected = Buffer.from(signature(config.SECRET_KEY, target, day));
  const given = Buffer.from(match[4]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? target : undefined;
}
