import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { IdSchema, TextSchema } from './fields.ts';

/** User (product.md#entities). */
export const UserSchema = z.object({
  id_user: IdSchema,
  first_name: TextSchema,
  last_name: TextSchema,
  email: TextSchema,
  telephone: TextSchema,
});
export type User = z.infer<typeof UserSchema>;

/**
 * Current user (product.md#entities): the User fields plus roles and membership facts. `id_user` is null for a
 * signed-out visitor (product.md#calls: GET /api/auth/me always answers 200 with a user).
 */
export const CurrentUserSchema = UserSchema.extend({
  id_user: IdSchema.nullable(),
  roles: z.array(z.enum(ROLES)),
  has_aaa_membership: z.boolean(),
  eligible_for_aaa_free_trial: z.boolean(),
  aaa_community_discord_link: TextSchema,
  /** Chord diagrams are drawn mirrored for a left-handed player (product.md#chords); false for a visitor. */
  left_handed: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
