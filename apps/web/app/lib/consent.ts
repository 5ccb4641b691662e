import { useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import {
  COOKIE_CONSENT_CATEGORIES,
  CONSENT_COOKIE_MAX_AGE_S,
  CONSENT_COOKIE_NAMES,
  parseConsentCookieValue,
  NO_COOKIE_CONSENT,
  type CookieConsent,
  type CookieConsentCategory,
} from '@fretline/contract';
import { parseCookies, serializeCookie, writeBrowserCookie } from './cookies';

/**
 * Cookie consent (product.md#entities, #roles and #constants; ADR 0005): one cookie per category, each kept one year.
 * `asked` records that the visitor answered; the others are what they allowed. Nothing optional
 * is allowed before they answer.
 */
export type Consent = CookieConsent;
type ConsentCategory = CookieConsentCategory;
/** The categories a visitor chooses (`asked` is ours, not theirs). */
export type ConsentChoice = Exclude<ConsentCategory, 'asked'>;
export const CONSENT_CHOICES = COOKIE_CONSENT_CATEGORIES.filter((c): c is ConsentChoice => c !== 'asked');

export const ACCEPT_ALL: Consent = { asked: true, video: true, audio: true, marketing: true, payment: true, analytic: true };
export const REJECT_NON_ESSENTIAL: Consent = { ...NO_COOKIE_CONSENT, asked: true };

/** The banner's buttons post one of these to the /cookies action when scripts have not loaded. */
export const CONSENT_INTENTS = { acceptAll: 'accept-all', rejectNonEssential: 'reject-non-essential' } as const;

/** The consent a /cookies form post asks for: a banner intent, or the toggles of the settings form. */
export function consentFromForm(form: { get(name: string): unknown }): Consent {
  const intent = form.get('intent');
  if (intent === CONSENT_INTENTS.acceptAll) return ACCEPT_ALL;
  if (intent === CONSENT_INTENTS.rejectNonEssential) return REJECT_NON_ESSENTIAL;
  return answeredConsent(Object.fromEntries(CONSENT_CHOICES.map((c) => [c, form.get(c) === 'true'])));
}

/** Reads the consent cookies; a missing or unreadable cookie means "not allowed". */
export function parseConsent(cookies: Record<string, string | undefined>): Consent {
  const out: Consent = { ...NO_COOKIE_CONSENT };
  for (const category of COOKIE_CONSENT_CATEGORIES) {
    const raw = cookies[CONSENT_COOKIE_NAMES[category]];
    out[category] = parseConsentCookieValue(raw);
  }
  return out;
}

/** A visitor's answer: the choices given, with `asked` set. */
export function answeredConsent(choices: Partial<Record<ConsentChoice, boolean>>): Consent {
  const out: Consent = { ...NO_COOKIE_CONSENT, asked: true };
  for (const choice of CONSENT_CHOICES) out[choice] = choices[choice] === true;
  return out;
}

/** One Set-Cookie value per category, each kept one year (product.md#roles). */
export function serializeConsent(consent: Consent, secure: boolean): string[] {
  return COOKIE_CONSENT_CATEGORIES.map((category) =>
    serializeCookie(CONSENT_COOKIE_NAMES[category], String(consent[category]), {
      maxAgeSeconds: CONSENT_COOKIE_MAX_AGE_S,
      secure,
    }),
  );
}

export function isConsent(value: unknown): value is Consent {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return COOKIE_CONSENT_CATEGORIES.every((c) => typeof record[c] === 'boolean');
}

// The browser's store: the cookies are the truth; the snapshot is cached per cookie string so
// useSyncExternalStore sees a stable object between changes.
const listeners = new Set<() => void>();
let cachedCookie: string | undefined;
let cachedConsent: Consent = NO_COOKIE_CONSENT;

/** The consent in the browser right now (all false on the server). */
export function getConsent(): Consent {
  if (typeof document === 'undefined') return NO_COOKIE_CONSENT;
  const cookie = document.cookie;
  if (cookie !== cachedCookie) {
    cachedCookie = cookie;
    const next = parseConsent(parseCookies(cookie));
    if (!sameConsent(next, cachedConsent)) cachedConsent = next;
  }
  return cachedConsent;
}

function sameConsent(a: Consent, b: Consent): boolean {
  return COOKIE_CONSENT_CATEGORIES.every((c) => a[c] === b[c]);
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads the cookies and tells subscribers (after a server response changed them). */
export function refreshConsent(): void {
  cachedCookie = undefined;
  getConsent();
  for (const listener of listeners) listener();
}

/** Stores the visitor's answer in the browser (each category its own 1-year cookie). */
export function setConsent(choices: Partial<Record<ConsentChoice, boolean>>): Consent {
  const consent = answeredConsent(choices);
  for (const category of COOKIE_CONSENT_CATEGORIES) {
    writeBrowserCookie(CONSENT_COOKIE_NAMES[category], String(consent[category]), CONSENT_COOKIE_MAX_AGE_S);
  }
  refreshConsent();
  return consent;
}

/**
 * The visitor's consent in a component. While hydrating it is what the root loader read from the
 * request (so the server-rendered banner and the first client render agree); then the cookies.
 */
export function useConsent(): Consent {
  const rootData = useRouteLoaderData<{ consent?: unknown }>('root');
  const fromServer = isConsent(rootData?.consent) ? rootData.consent : NO_COOKIE_CONSENT;
  return useSyncExternalStore(subscribeConsent, getConsent, () => fromServer);
}

/** Allows one more category, keeping the visitor's other choices (an embed's "allow" button). */
export function allowConsentCategory(category: ConsentChoice): Consent {
  const current = getConsent();
  return setConsent({ ...Object.fromEntries(CONSENT_CHOICES.map((c) => [c, current[c]])), [category]: true });
}
