import { z } from 'zod';
import { LIST_LIMIT_MAX } from '../constants.ts';
import { IdInputSchema } from '../entities/fields.ts';
import { MessageSchema } from '../entities/message.ts';
import { ThreadSchema } from '../entities/thread.ts';
import { envelope, pagedEnvelope } from '../wire/envelope.ts';

/** The captcha the helpdesk form must carry (ARCHITECTURE.md "captcha"; ADR 0027). */
export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'off'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

const PageQuery = {
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).optional(),
};

export const ThreadIdParamsSchema = z.object({ id: IdInputSchema });
/** A thread token is `<id>.<signature>` in base64url (ADR 0025); anything else is refused early. */
export const ThreadTokenParamsSchema = ThreadIdParamsSchema.extend({
  token: z.string().min(1).max(200),
});

/**
 * GET threads: paged, with a search over title, last message and the other person's name.
 * The search may come as `search` or inside the `filter` JSON (product.md#calls) as `{"search": "..."}`.
 */
export const ThreadListQuerySchema = z.object({
  ...PageQuery,
  search: z.string().trim().max(200).optional(),
  filter: z.string().max(1000).optional(),
});
export const MessageListQuerySchema = z.object(PageQuery);

export const UnreadCountResponseSchema = envelope('count', z.number().int());
export const ThreadListResponseSchema = pagedEnvelope('threads', ThreadSchema);
export const ThreadResponseSchema = envelope('thread', ThreadSchema);
export const MessageListResponseSchema = pagedEnvelope('messages', MessageSchema);
export const MessageResponseSchema = envelope('message', MessageSchema);

export const HelpdeskCategorySchema = z.object({
  id_helpdesk_category: z.number().int(),
  category_slug: z.string(),
  category_name: z.string(),
  category_description: z.string().nullable(),
});
export type HelpdeskCategory = z.infer<typeof HelpdeskCategorySchema>;

/**
 * GET helpdesks/form: what the form needs before it renders (categories, which captcha).
 * `recaptcha_site_key` is the public key the reCAPTCHA widget needs; null unless CAPTCHA=recaptcha
 * and RECAPTCHA_SITE_KEY is set (ADR 0027).
 */
export const HelpdeskFormInfoSchema = z.object({
  captcha: z.enum(CAPTCHA_PROVIDERS),
  challenge_url: z.string().nullable(),
  recaptcha_site_key: z.string().nullable(),
  categories: z.array(HelpdeskCategorySchema),
});
export type HelpdeskFormInfo = z.infer<typeof HelpdeskFormInfoSchema>;
export const HelpdeskFormInfoResponseSchema = envelope('form', HelpdeskFormInfoSchema);

/** The helpdesk form may name its topic by slug (from /helpdesk/:categorySlug). */
export const HelpdeskCategoryFieldSchema = z.object({
  category_slug: z.string().trim().max(100).nullable().optional(),
});

/** POST helpdesks -> thread, with `jwt` for a signed-out sender (product.md#calls). */
export const HelpdeskResponseSchema = envelope('thread', ThreadSchema);

/** Staff inbox (ADR 0029): a helpdesk thread with its sender's details and membership status. */
export const StaffThreadSchema = ThreadSchema.extend({
  thread_created: z.date(),
  thread_helpdesk: z.boolean(),
  thread_resolved: z.boolean(),
  thread_awaiting_staff: z.boolean(),
  id_user_assigned: z.number().int().nullable(),
  assigned_first_name: z.string().nullable(),
  assigned_last_name: z.string().nullable(),
  category_name: z.string().nullable(),
  sender: z.object({
    id_user: z.number().int().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    telephone: z.string().nullable(),
    has_aaa_membership: z.boolean(),
    is_registered: z.boolean(),
    /** The sender proved the address: signed in, or followed the e-mailed link (ADR 0045). */
    email_verified: z.boolean(),
  }),
});
export type StaffThread = z.infer<typeof StaffThreadSchema>;

export const StaffMemberSchema = z.object({
  id_user: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const STAFF_THREAD_STATUSES = ['open', 'resolved', 'all'] as const;
export const StaffThreadListQuerySchema = z.object({
  ...PageQuery,
  status: z.enum(STAFF_THREAD_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
});
export const StaffThreadListResponseSchema = pagedEnvelope('threads', StaffThreadSchema);
export const StaffThreadResponseSchema = envelope('thread', StaffThreadSchema);
export const StaffMembersResponseSchema = envelope('staff', z.array(StaffMemberSchema));

const FormBool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);
export const StaffResolveInputSchema = z.object({ thread_resolved: FormBool });
export const StaffAssignInputSchema = z.object({
  // An empty value unassigns.
  id_user_assigned: z.union([IdInputSchema, z.literal('').transform(() => null), z.null()]),
});

/**
 * A message as posted (by a reader or staff). The text is checked by the API rather than by a
 * min(1) here, so an empty message gets the one clear answer ('Please enter a message.') whatever
 * shape it arrived in.
 */
export const MessagePostBodySchema = z.object({ message_content: z.string().max(20_000).nullish() }).nullish();

/** Revoking a thread's links: how many were still live (ADR 0025). */
export const ThreadTokensRevokedResponseSchema = envelope('revoked', z.number().int());
