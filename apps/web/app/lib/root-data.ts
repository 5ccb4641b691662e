import { useRouteLoaderData } from 'react-router';
import {
  isSignedIn,
  VISITOR_USER,
  type CurrentUser,
  type FeatureFlagValues,
  type CookieConsent,
  NO_COOKIE_CONSENT,
  profileLetter as contractProfileLetter,
} from '@fretline/contract';

/** The signed-in user or the visitor (GET /api/auth/me; `id_user === null` means signed out). */
export type RootUser = CurrentUser;
export const VISITOR: RootUser = VISITOR_USER;
export { isSignedIn };

/** Feature flags (product.md#entities), as the root loader exposes them. */
type RootFlags = FeatureFlagValues;

/**
 * Flags' majority values (product.md#entities): featuresLinkInFooter false (100%), optimizeImages true (100%).
 * optimizeImages is assigned but has no effect: every visitor gets WebP sizes of uploaded pictures (ADR 0048, ADR 0069).
 */
const DEFAULT_FLAGS: RootFlags = { featuresLinkInFooter: false, optimizeImages: true };

export interface RootData {
  user: RootUser;
  /** Public origin of the site, without a trailing slash (canonical links, sitemap). */
  siteUrl: string;
  /** The `{name}` of spec routes, a lower-case slug (`jamie`). */
  teacherName: string;
  /** The teacher's name for display (`Jamie`). */
  teacherDisplayName: string;
  flags: RootFlags;
  /** The visitor's cookie-consent choices (product.md#roles, #constants). */
  consent: CookieConsent;
}

/** `jamie` → `Jamie`, `mary-ann` → `Mary Ann`. */
export function displayTeacherName(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Profile letter (product.md#entities); a user without a first name yet shows their e-mail's first letter. */
export function profileLetter(user: RootUser): string {
  return contractProfileLetter(user) || (user.email?.trim().charAt(0) ?? '').toUpperCase() || '?';
}

const FALLBACK_ROOT_DATA: RootData = {
  user: VISITOR,
  siteUrl: '',
  teacherName: 'jamie',
  teacherDisplayName: 'Jamie',
  flags: DEFAULT_FLAGS,
  consent: NO_COOKIE_CONSENT,
};

/**
 * The root loader's data anywhere in the tree. On the error page the root loader may have failed;
 * then a visitor with default settings stands in, so the page chrome still renders.
 */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>('root') ?? FALLBACK_ROOT_DATA;
}

/** The root loader's data inside a `meta` function (its `matches`), with the same fallback. */
export function rootDataFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): RootData {
  const data = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  return data ?? FALLBACK_ROOT_DATA;
}
