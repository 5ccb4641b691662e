import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

// Signed reply addresses (ADR 0060): `reply+<thread>.<signature>@INBOUND_MAIL_DOMAIN`.

const LOCAL_PART = /^reply\+(\d+)\.([A-Za-z0-9_-]{16,64})$/;

function signature(secret: string, idThread: number): string {
  return createHmac('sha256', secret).update(`thread-reply:${idThread}`).digest('base64url').slice(0, 22);
}

/** The Reply-To of a staff reply in thread `idThread`, or undefined when replies by e-mail are off. */
export function replyAddress(config: Pick<Config, 'SECRET_KEY' | 'INBOUND_MAIL_DOMAIN'>, idThread: number): string | undefined {
  if (!config.INBOUND_MAIL_DOMAIN) return undefined;
  return `reply+${idThread}.${signature(config.SECRET_KEY, idThread)}@${config.INBOUND_MAIL_DOMAIN}`;
}

/** The thread a recipient address names, when its signature is ours; undefined for any other address. */
export function threadOfReplyAddress(
  config: Pick<Config, 'SECRET_KEY' | 'INBOUND_MAIL_DOMAIN'>,
  address: string,
): number | undefined {
  const at = address.lastIndexOf('@');
  if (at < 0 || !config.INBOUND_MAIL_DOMAIN) return undefined;
  if (address.slice(at + 1).toLowerCase() !== config.INBOUND_MAIL_DOMAIN.toLowerCase()) return undefined;
  const match = LOCAL_PART.exec(address.slice(0, at));
  if (!match) return undefined;
  const idThread = Number(match[1]);
  const expected = Buffer.from(signature(config.SECRET_KEY, idThread));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? idThread : undefined;
}
