import { z } from 'zod';
import { FormBooleanSchema } from './fields.ts';

/**
 * Cookie consent (product.md#entities, #roles): `asked` records that the visitor has answered the banner; the others
 * are the categories they allowed. Each is its own cookie (CONSENT_COOKIE_NAMES), valid one year.
 */

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
