import { describe, expect, it } from 'vitest';
import { NO_COOKIE_CONSENT } from '@fretline/contract';
import {
  ACCEPT_ALL,
  CONSENT_INTENTS,
  REJECT_NON_ESSENTIAL,
  answeredConsent,
  consentFromForm,
  isConsent,
  parseConsent,
  serializeConsent,
} from './consent';
import { consentCookies, readConsent } from './consent.server';
import { parseCookies } from './cookies';

describe('cookie consent (product.md#entities, #roles; ADR 0005)', () => {
  it('allows nothing optional before the visitor answers', () => {
    expect(parseConsent({})).toEqual(NO_COOKIE_CONSENT);
  });

  it('reads one cookie per category and treats unreadable values as not allowed', () => {
    const consent = parseConsent({
      consent_asked: 'true',
      consent_video: 'true',
      consent_audio: 'false',
      consent_analytic: 'banana',
    });
    expect(consent).toEqual({ asked: true, video: true, audio: false, marketing: false, payment: false, analytic: false });
  });

  it('writes six cookies, each kept one year', () => {
    const cookies = serializeConsent(ACCEPT_ALL, true);
    expect(cookies).toHaveLength(6);
    for (const cookie of cookies) {
      expect(cookie).toMatch(
        /^consent_(asked|video|audio|marketing|payment|analytic)=true; Max-Age=31536000; Path=\/; SameSite=Lax; Secure$/,
      );
    }
  });

  it('reads back what it wrote', () => {
    const chosen = answeredConsent({ video: true, analytic: true });
    const header = serializeConsent(chosen, false)
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(parseConsent(parseCookies(header))).toEqual(chosen);
  });

  it('marks an answer as asked, and rejecting keeps only the essentials', () => {
    expect(answeredConsent({})).toEqual(REJECT_NON_ESSENTIAL);
    expect(REJECT_NON_ESSENTIAL).toEqual({ ...NO_COOKIE_CONSENT, asked: true });
  });

  it('reads the consent from a request and writes Secure cookies only over https', () => {
    const request = new Request('http://localhost:3000/cookies', {
      headers: { cookie: 'consent_asked=true; consent_payment=true' },
    });
    expect(readConsent(request)).toMatchObject({ asked: true, payment: true, video: false });
    expect(consentCookies(request, ACCEPT_ALL)[0]).not.toContain('Secure');
    expect(consentCookies(new Request('https://fretline.example/cookies'), ACCEPT_ALL)[0]).toContain('Secure');
  });

  it('recognises a consent object and rejects anything else', () => {
    expect(isConsent(ACCEPT_ALL)).toBe(true);
    expect(isConsent({ asked: 'true' })).toBe(false);
    expect(isConsent(undefined)).toBe(false);
  });

  it('turns a /cookies post into consent: the banner intents or the settings toggles', () => {
    const form = (entries: Record<string, string>) => new URLSearchParams(entries);
    expect(consentFromForm(form({ intent: CONSENT_INTENTS.acceptAll }))).toEqual(ACCEPT_ALL);
    expect(consentFromForm(form({ intent: CONSENT_INTENTS.rejectNonEssential }))).toEqual(REJECT_NON_ESSENTIAL);
    expect(consentFromForm(form({ video: 'true', audio: 'on' }))).toEqual(answeredConsent({ video: true }));
  });
});
