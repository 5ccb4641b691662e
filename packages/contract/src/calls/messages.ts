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
/**
 * The inbox's views (ADR 0060): open threads nobody is assigned, open threads assigned to the
 * caller, every open thread, resolved ones, and everything. `view` wins over the older `status`.
 */
export const STAFF_INBOX_VIEWS = ['unassigned', 'mine', 'open', 'resolved', 'all'] as const;
export type StaffInboxView = (typeof STAFF_INBOX_VIEWS)[number];
export const StaffThreadListQuerySchema = z.object({
  ...PageQuery,
  status: z.enum(STAFF_THREAD_STATUSES).optional(),
  view: z.enum(STAFF_INBOX_VIEWS).optional(),
  /** Full-text over the thread's messages (notes included), plus the sender's name and address. */
  search: z.string().trim().max(200).optional(),
});

/** The staff navigation's counts: open threads waiting for an answer, and those assigned to the caller. */
export const StaffInboxCountsSchema = z.object({
  unanswered: z.number().int(),
  unassigned: z.number().int(),
  mine: z.number().int(),
  open: z.number().int(),
});
export type StaffInboxCounts = z.infer<typeof StaffInboxCountsSchema>;
export const StaffInboxCountsResponseSchema = envelope('counts', StaffInboxCountsSchema);

/** A message as staff read it: with whether staff wrote it, whether it is an internal note, whether it came by e-mail. */
export const StaffMessageSchema = MessageSchema.extend({
  message_from_staff: z.boolean(),
  /** Internal notes are for staff only: no call a sender makes ever returns one (ADR 0060). */
  message_internal: z.boolean(),
  /** Taken in by the reply-by-e-mail listener rather than written on the site (ADR 0072). */
  message_via_email: z.boolean(),
});
export type StaffMessage = z.infer<typeof StaffMessageSchema>;
export const StaffMessageListResponseSchema = pagedEnvelope('messages', StaffMessageSchema);
export const StaffMessageResponseSchema = envelope('message', StaffMessageSchema);

/** Saved replies (ADR 0060): `{first_name}`-style variables are filled per thread when inserted. */
export const SAVED_REPLY_VARIABLES = [
  'first_name',
  'last_name',
  'email',
  'trial_ends',
  'renews_on',
  'membership_ends',
  'subscription_link',
  'membership_link',
  'helpdesk_link',
  'staff_first_name',
] as const;
export type SavedReplyVariable = (typeof SAVED_REPLY_VARIABLES)[number];
export const SavedReplySchema = z.object({
  id_saved_reply: z.number().int(),
  saved_reply_title: z.string(),
  saved_reply_body: z.string(),
  saved_reply_updated: z.date(),
});
export type SavedReply = z.infer<typeof SavedReplySchema>;
export const SavedReplyInputSchema = z.object({
  saved_reply_title: z.string().trim().min(1, 'Please give the saved reply a title.').max(120),
  saved_reply_body: z.string().trim().min(1, 'Please write the reply.').max(10_000),
});
export const SavedReplyParamsSchema = z.object({ idSavedReply: IdInputSchema });
export const ThreadSavedReplyParamsSchema = ThreadIdParamsSchema.extend({ idSavedReply: IdInputSchema });
export const SavedReplyListResponseSchema = envelope('saved_replies', z.array(SavedReplySchema));
export const SavedReplyResponseSchema = envelope('saved_reply', SavedReplySchema);
export const SavedReplyDeletedResponseSchema = envelope('deleted', z.boolean());
/** A saved reply filled for one thread; `missing` names variables nothing is known for (left visible). */
export const FilledSavedReplySchema = z.object({ text: z.string(), missing: z.array(z.string()) });
export const FilledSavedReplyResponseSchema = envelope('filled', FilledSavedReplySchema);

/** Colleagues writing in the same thread right now (the collision warning, ADR 0060). */
export const ReplyingStaffSchema = z.object({
  id_user: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  since: z.date(),
});
export type ReplyingStaff = z.infer<typeof ReplyingStaffSchema>;
export const ReplyingResponseSchema = envelope('replying', z.array(ReplyingStaffSchema));

/**
 * What staff know of the sender beside the conversation (ADR 0060): each part comes from the
 * service that owns it; null when the sender has no account (then only the address is known).
 */
export const MemberContextSchema = z.object({
  id_user: z.number().int().nullable(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  /** A signed-out sender whose address matches an account (not proven to be theirs until verified). */
  account_with_address: z.boolean(),
  member_url: z.string().nullable(),
  membership: z
    .object({
      state: z.enum(['none', 'trial', 'active', 'cancelling', 'ended', 'payment_failed']),
      plan_name: z.string().nullable(),
      trial_day: z.number().int().nullable(),
      trial_days: z.number().int().nullable(),
      trial_ends: z.date().nullable(),
      renews_on: z.date().nullable(),
      ends_on: z.date().nullable(),
      last_failed_payment: z.date().nullable(),
      cancellation_reason: z.string().nullable(),
      /** A pause (product.md#keeping-members): paused now or about to be, until when. */
      paused_from: z.date().nullable().optional(),
      paused_until: z.date().nullable().optional(),
      member_since: z.date().nullable(),
    })
    .nullable(),
  learning: z
    .object({
      current_course: z
        .object({ course_title: z.string(), course_slug: z.string(), course_percent_complete: z.number().int() })
        .nullable(),
      recent_videos: z.array(
        z.object({ video_title: z.string(), video_slug: z.string(), watched_at: z.date(), completed: z.boolean() }),
      ),
    })
    .nullable(),
  active_sessions: z.array(
    z.object({ session_user_agent: z.string().nullable(), session_ip: z.string().nullable(), session_accessed: z.date() }),
  ),
  sign_in_failures: z.array(z.object({ at: z.date(), failed_attempts: z.number().int() })),
  conversations: z.array(
    z.object({
      id_thread: z.number().int(),
      thread_title: z.string().nullable(),
      thread_resolved: z.boolean(),
      thread_edited: z.date(),
      thread_url: z.string(),
    }),
  ),
});
export type MemberContext = z.infer<typeof MemberContextSchema>;
export const MemberContextResponseSchema = envelope('context', MemberContextSchema);

/** Whether the caller is e-mailed about new helpdesk messages (ADR 0060). */
export const StaffNotificationPrefsSchema = z.object({ notify_new_messages: z.boolean() });
export const StaffNotificationPrefsInputSchema = z.object({
  notify_new_messages: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});
export const StaffNotificationPrefsResponseSchema = envelope('prefs', StaffNotificationPrefsSchema);
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
