import type { CookieConsent } from './cookie-consent.ts';

// Plain values beside cookie-consent.ts, without zod: the consent banner is on every page.
export const COOKIE_CONSENT_CATEGORIES = ['asked', 'video', 'audio', 'marketing', 'payment', 'analytic'] as const;
export type CookieConsentCategory = (typeof COOKIE_CONSENT_CATEGORIES)[number];

/** Before the visitor answers nothing optional is allowed. */
export const NO_COOKIE_CONSENT: CookieConsent = Object.freeze({
  asked: false,
  video: false,
  audio: false,
  marketing: false,
  payment: false,
  analytic: false,
});

/** A consent cookie's value: 'true', '1' or 'on' allow; anything else (or nothing) does not. */
export function parseConsentCookieValue(raw: string | undefined): boolean {
  return raw === 'true' || raw === '1' || raw === 'on';
}
