import type { CurrentUser } from './user.ts';
import { VISITOR_USER } from './visitor.ts';

/**
 * A class of signed-in learners who all see one page alike (ADR 0056): what the server render
 * reads of a user besides who they are. A page rendered for a class is stored and served to each
 * of its members; what is theirs alone (their name, saves, progress) comes after hydration.
 */
export interface SharedAudience {
  /** Membership unlocks premium lessons (ADR 0015). */
  member: boolean;
  /** Chord diagrams are drawn mirrored on the server (product.md#chords). */
  leftHanded: boolean;
  /** The membership offer's wording (product.md#roles). */
  trialEligible: boolean;
}

/**
 * The header that carries a class from the page server to the loaders and on to the API. The page
 * server removes it from every request that arrives, and the API believes it only from a call
 * dispatched inside its own process (ADR 0062), so nobody outside can claim a class.
 */
export const SHARED_AUDIENCE_HEADER = 'x-fretline-audience';

/**
 * The header that names a render the page server may keep (ADR 0056), on the page request the
 * loaders read: they report each API call for it that fails (refused by the visitor's own budget,
 * a database outage) to the page server, so that render is not stored for everyone. Removed from
 * arriving requests like the class.
 */
export const PAGE_RENDER_HEADER = 'x-fretline-render';

const FLAGS = ['member', 'leftHanded', 'trialEligible'] as const;

/** `member=1;leftHanded=0;trialEligible=0`: every flag, always in this order (it is part of a cache key). */
export function formatSharedAudience(audience: SharedAudience): string {
  return FLAGS.map((flag) => `${flag}=${audience[flag] ? 1 : 0}`).join(';');
}

/** The class a header names, or null for anything that is not exactly what `formatSharedAudience` writes. */
export function parseSharedAudience(value: string | null | undefined): SharedAudience | null {
  if (!value) return null;
  const parts = value.split(';');
  if (parts.length !== FLAGS.length) return null;
  const audience: SharedAudience = { member: false, leftHanded: false, trialEligible: false };
  for (const [i, flag] of FLAGS.entries()) {
    const part = parts[i];
    if (part === `${flag}=1`) audience[flag] = true;
    else if (part !== `${flag}=0`) return null;
  }
  return audience;
}

/** The class of a signed-in user's answer from GET /api/auth/me. */
export function audienceOfUser(user: CurrentUser): SharedAudience {
  return { member: user.has_aaa_membership, leftHanded: user.left_handed, trialEligible: user.eligible_for_aaa_free_trial };
}

/** No account has id 0: the id of a class's stand-in. */
const SHARED_AUDIENCE_USER_ID = 0;

/** Whether this is a class's stand-in, not a person: it has no name or letter to show yet. */
export function isSharedAudienceUser(user: CurrentUser): boolean {
  return user.id_user === SHARED_AUDIENCE_USER_ID;
}

/**
 * Who a page shared by a class is rendered for: signed in (id 0 is no account), with the class's
 * flags and nothing of anyone. The browser swaps in the person once it has asked who they are.
 */
export function sharedAudienceUser(audience: SharedAudience): CurrentUser {
  return Object.freeze({
    ...VISITOR_USER,
    id_user: SHARED_AUDIENCE_USER_ID,
    has_aaa_membership: audience.member,
    eligible_for_aaa_free_trial: audience.trialEligible,
    left_handed: audience.leftHanded,
  });
}
