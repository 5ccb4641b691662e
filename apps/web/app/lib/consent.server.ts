import { requestCookies, secureCookiesFor } from './cookies';
import { parseConsent, serializeConsent, type Consent } from './consent';

/** The visitor's cookie consent from the request (product.md#entities; ADR 0005), for the root loader and /cookies. */
export function readConsent(request: Request): Consent {
  return parseConsent(requestCookies(request));
}

/** The Set-Cookie values that store `consent` (the /cookies form's no-script path). */
export function consentCookies(request: Request, consent: Consent): string[] {
  return serializeConsent(consent, secureCookiesFor(request.url));
}
