import { describe, expect, it } from 'vitest';
import { CookieConsentSchema } from './cookie-consent.ts';
import { COOKIE_CONSENT_CATEGORIES, NO_COOKIE_CONSENT, parseConsentCookieValue } from './cookie-consent-values.ts';
import { CONSENT_COOKIE_NAMES } from '../constants.ts';

describe('cookie consent', () => {
  it('asks about the six spec categories, each with its own cookie', () => {
    expect(COOKIE_CONSENT_CATEGORIES).toEqual(['asked', 'video', 'audio', 'marketing', 'payment', 'analytic']);
    expect(Object.keys(CONSENT_COOKIE_NAMES)).toEqual([...COOKIE_CONSENT_CATEGORIES]);
  });

  it('reads a stored choice from cookie strings', () => {
    expect(
      CookieConsentSchema.parse({
        asked: 'true',
        video: 'true',
        audio: 'false',
        marketing: 'false',
        payment: 'true',
        analytic: false,
      }),
    ).toEqual({ asked: true, video: true, audio: false, marketing: false, payment: true, analytic: false });
  });

  it('rejects a choice missing a category or holding a stray value', () => {
    expect(CookieConsentSchema.safeParse({ ...NO_COOKIE_CONSENT, analytic: undefined }).success).toBe(false);
    expect(CookieConsentSchema.safeParse({ ...NO_COOKIE_CONSENT, video: 'maybe' }).success).toBe(false);
  });

  it('allows nothing before the visitor answers', () => {
    expect(Object.values(NO_COOKIE_CONSENT).every((allowed) => !allowed)).toBe(true);
  });
});

describe('parseConsentCookieValue', () => {
  it.each(['true', '1', 'on', 'false', '0', 'off', 'yes', '', undefined])(
    'reads %j as the schema does, unreadable as refused',
    (raw) => {
      const viaSchema = CookieConsentSchema.shape.video.safeParse(raw);
      expect(parseConsentCookieValue(raw)).toBe(viaSchema.success ? viaSchema.data : false);
    },
  );
});
