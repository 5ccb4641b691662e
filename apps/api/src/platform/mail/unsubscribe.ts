import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

/*
 * Unsubscribe links are signed here, below the services, because every service that sends a
 * non-passcode e-mail needs them (ADR 0050); the auth service checks them and changes the
 * account's preferences.
 */

/** The two lists a link can leave: every non-essential e-mail, or only the mailers (marketing). */
export type UnsubscribeList = 'emails' | 'mailers';

/** An unsubscribe token: an HMAC bound to the list and the address, so it works for that address only. */
function createUnsubscribeToken(secret: string, list: UnsubscribeList, email: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${list}:${email.trim().toLowerCase()}`).digest('base64url');
}

export function isValidUnsubscribeToken(secret: string, list: UnsubscribeList, email: string, token: string): boolean {
  const expected = Buffer.from(createUnsubscribeToken(secret, list, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface UnsubscribeLinks {
  /** The page that unsubscribes the address from every e-mail that isn't a sign-in code (product.md#pages). */
  unsubscribeUrl: string;
  /** The page that unsubscribes the address from mailers only (product.md#pages). */
  mailersUrl: string;
  /** RFC 2369 + RFC 8058 one-click headers, to pass as `headers` of `enqueueMail`. */
  listUnsubscribeHeaders: { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * The links every e-mail that isn't a sign-in code must carry (ADR 0012). The one-click
 * header posts to the API (RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click` without
 * cookies) and leaves `list`: all e-mails by default, or only the mailers for a mailer.
 */
export function unsubscribeLinks(
  config: Pick<Config, 'SITE_URL' | 'SECRET_KEY'>,
  email: string,
  list: UnsubscribeList = 'emails',
): UnsubscribeLinks {
  const address = email.trim().toLowerCase();
  const site = config.SITE_URL.replace(/\/$/, '');
  const emailsToken = createUnsubscribeToken(config.SECRET_KEY, 'emails', address);
  const mailersToken = createUnsubscribeToken(config.SECRET_KEY, 'mailers', address);
  const oneClickToken = list === 'mailers' ? mailersToken : emailsToken;
  const oneClickPath = list === 'mailers' ? '/api/auth/me/unsubscribes/mailers' : '/api/auth/me/unsubscribes';
  const query = new URLSearchParams({ email: address, token: oneClickToken }).toString();
  return {
    unsubscribeUrl: `${site}/unsubscribe/${encodeURIComponent(address)}/${emailsToken}`,
    mailersUrl: `${site}/unsubscribe-mailers/${encodeURIComponent(address)}/${mailersToken}`,
    listUnsubscribeHeaders: {
      'List-Unsubscribe': `<${site}${oneClickPath}?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
