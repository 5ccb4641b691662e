import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { IdSchema, TextSchema } from './fields.ts';

/** Spec §3 User. */
export const UserSchema = z.object({
  id_user: IdSchema,
  first_name: TextSchema,
  last_name: TextSchema,
  email: TextSchema,
  telephone: TextSchema,
});
export type User = z.infer<typeof UserSchema>;

/**
 * Spec §3 Current user: the User fields plus roles and membership facts. `id_user` is null for a
 * signed-out visitor (team brief: GET /api/auth/me always answers 200 with a user).
 */
export const CurrentUserSchema = UserSchema.extend({
  id_user: IdSchema.nullable(),
  roles: z.array(z.enum(ROLES)),
  has_aaa_membership: z.boolean(),
  eligible_for_aaa_free_trial: z.boolean(),
  aaa_community_discord_link: TextSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** Spec §6: a signed-out visitor has no membership and is eligible for the free trial. */
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
});

/** The web treats a null id as signed out (team brief). */
export function isSignedIn(user: CurrentUser): user is CurrentUser & { id_user: number } {
  return user.id_user !== null;
}
