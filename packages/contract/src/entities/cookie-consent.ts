import { z } from 'zod';
import { FormBooleanSchema } from './fields.ts';

/**
 * Spec §3/§6 cookie consent: `asked` records that the visitor has answered the banner; the others
 * are the categories they allowed. Each is its own cookie (CONSENT_COOKIE_NAMES), valid one year.
 */
export const COOKIE_CONSENT_CATEGORIES = ['asked', 'video', 'audio', 'marketing', 'payment', 'analytic'] as const;
export type CookieConsentCategory = (typeof COOKIE_CONSENT_CATEGORIES)[number];

/** The stored choice; cookie values arrive as strings ('true'/'false'), so they are coerced. */
export const CookieConsentSchema = z.object({
  asked: FormBooleanSchema,
  video: FormBooleanSchema,
  audio: FormBooleanSchema,
  marketing: FormBooleanSchema,
  payment: FormBooleanSchema,
  analytic: FormBooleanSchema,
});
export type CookieConsent = z.infer<typeof CookieConsentSchema>;

/** Before the visitor answers nothing optional is allowed. */
export const NO_COOKIE_CONSENT: CookieConsent = Object.freeze({
  asked: false,
  video: false,
  audio: false,
  marketing: false,
  payment: false,
  analytic: false,
});
