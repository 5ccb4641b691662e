import { useMemo, useSyncExternalStore } from 'react';
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
  /**
   * The page was shared by a class of signed-in learners (ADR 0056): `user` is the class's stand-in,
   * with no name, until the browser has asked who they are (`setPersonalUser`, from the root).
   */
  userPending: boolean;
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
  userPending: false,
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
  const data = useRouteLoaderData<RootData>('root') ?? FALLBACK_ROOT_DATA;
  // The server's snapshot is null: hydration renders the stand-in the page was rendered with.
  const person = useSyncExternalStore(subscribePersonalUser, readPersonalUser, () => null);
  return useMemo(() => (data.userPending && person ? { ...data, user: person, userPending: false } : data), [data, person]);
}

/** The person behind a page shared by a class (ADR 0056), once the browser has asked. */
let personalUser: RootUser | null = null;
const personalUserListeners = new Set<() => void>();

function subscribePersonalUser(listener: () => void): () => void {
  personalUserListeners.add(listener);
  return () => personalUserListeners.delete(listener);
}

function readPersonalUser(): RootUser | null {
  return personalUser;
}

/** Puts the person in place of a shared page's stand-in, everywhere `useRootData` is read. */
export function setPersonalUser(user: RootUser): void {
  personalUser = user;
  for (const listener of personalUserListeners) listener();
}

/** The root loader's data inside a `meta` function (its `matches`), with the same fallback. */
export function rootDataFromMatches(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): RootData {
  const data = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  return data ?? FALLBACK_ROOT_DATA;
}
