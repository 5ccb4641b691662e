import { CONSENT_COOKIE_MAX_AGE_S, validateFlagDefinitions, type FeatureFlagValues } from '@fretline/contract';
import { readRequestCookie, secureCookiesFor, serializeCookie } from './cookies';
import { assignFlags, FLAGS_COOKIE, parseFlagsCookie, serializeFlags } from './flags';

// Percentages that do not total 100 make setup fail (product.md#validation) — here when the web server loads
// this module (the API checks too, at start), with the contract's message naming the flag.
validateFlagDefinitions();

/** Keeps visitor cookies a year (product.md#constants); the flag assignment lives as long as the consent cookies. */
const FLAGS_MAX_AGE_S = CONSENT_COOKIE_MAX_AGE_S;

export interface FlagsResult {
  flags: FeatureFlagValues;
  /** A Set-Cookie value when the visitor got new values (first visit, or a flag added/retired). */
  setCookie: string | null;
}

/**
 * The visitor's feature flags for the root loader: read from the `feature_flags` cookie, assigning
 * any missing flag by its percentages (product.md#states). Return `setCookie` in the loader's headers.
 */
export function readFlags(request: Request, random: () => number = Math.random): FlagsResult {
  const stored = parseFlagsCookie(readRequestCookie(request, FLAGS_COOKIE));
  const { flags, changed } = assignFlags(stored, random);
  const setCookie = changed
    ? serializeCookie(FLAGS_COOKIE, serializeFlags(flags), {
        maxAgeSeconds: FLAGS_MAX_AGE_S,
        secure: secureCookiesFor(request.url),
      })
    : null;
  return { flags, setCookie };
}
