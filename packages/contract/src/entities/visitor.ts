import type { CurrentUser } from './user.ts';

// Plain values beside user.ts, without zod, so the browser's first load of every page stays small.
/** A signed-out visitor has no membership and is eligible for the free trial (product.md#roles). */
export const VISITOR_USER: CurrentUser = Object.freeze({
  id_user: null,
  first_name: null,
  last_name: null,
  email: null,
  telephone: null,
  roles: [],
  has_aaa_membership: false,
  eligible_for_aaa_free_trial: true,
  aaa_community_discord_link: null,
  left_handed: false,
});

/** The web treats a null id as signed out (product.md#entities). */
export function isSignedIn(user: CurrentUser): user is CurrentUser & { id_user: number } {
  return user.id_user !== null;
}
