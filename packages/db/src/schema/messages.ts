import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgSchema, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// The messages service's tables live in their own Postgres schema (ARCHITECTURE.md).
export const messagesSchema = pgSchema('messages');

/** Helpdesk topics offered at /helpdesk/:categorySlug (product.md#pages), seeded. */
export const helpdeskCategories = messagesSchema.table(
  'helpdesk_categories',
  {
    idHelpdeskCategory: serial('id_helpdesk_category').primaryKey(),
    categorySlug: text('category_slug').notNull(),
    categoryName: text('category_name').notNull(),
    categoryDescription: text('category_description'),
    categoryOrder: integer('category_order').notNull().default(0),
  },
  (t) => [uniqueIndex('helpdesk_categories_slug_key').on(t.categorySlug)],
);

/**
 * A conversation (Thread, product.md#entities). A private thread is between one sender (a user, or a signed-out
 * visitor known by e-mail) and the staff; a group thread has any number of participants.
 */
export const threads = messagesSchema.table(
  'threads',
  {
    idThread: serial('id_thread').primaryKey(),
    threadTitle: text('thread_title'),
    privateThread: boolean('private_thread').notNull().default(true),
    // The sender side of a private thread: a user, or a visitor's name and e-mail.
    idUserSender: integer('id_user_sender').references(() => users.idUser, { onDelete: 'set null' }),
    senderFirstName: text('sender_first_name'),
    senderLastName: text('sender_last_name'),
    senderEmail: text('sender_email'),
    // When the sender proved they own sender_email (a signed-in sender, or the e-mailed thread
    // link followed); until then a signed-out message joins no account's inbox (ADR 0045).
    senderEmailVerified: timestamp('sender_email_verified', { withTimezone: true }),
    idHelpdeskCategory: integer('id_helpdesk_category').references(() => helpdeskCategories.idHelpdeskCategory),
    threadHelpdesk: boolean('thread_helpdesk').notNull().default(false),
    threadCreated: timestamp('thread_created', { withTimezone: true }).notNull().defaultNow(),
    threadEdited: timestamp('thread_edited', { withTimezone: true }).notNull().defaultNow(),
    threadLastMessage: text('thread_last_message'),
    firstNameLast: text('first_name_last'),
    // The staff member who last wrote, shown as "the other person" to the sender.
    staffFirstName: text('staff_first_name'),
    staffLastName: text('staff_last_name'),
    // Staff inbox state: unanswered while the newest message is not from staff.
    threadAwaitingStaff: boolean('thread_awaiting_staff').notNull().default(true),
    threadResolved: boolean('thread_resolved').notNull().default(false),
    threadResolvedAt: timestamp('thread_resolved_at', { withTimezone: true }),
    idUserAssigned: integer('id_user_assigned').references(() => users.idUser, { onDelete: 'set null' }),
  },
  (t) => [
    index('threads_sender_idx').on(t.idUserSender),
    // The staff inbox: helpdesk threads, open and unanswered first, newest first.
    index('threads_staff_inbox_idx')
      .on(t.threadResolved, t.threadAwaitingStaff, t.threadEdited)
      .where(sql`${t.threadHelpdesk}`),
    // Staff analytics: helpdesk threads opened per day (ADR 0036).
    index('threads_helpdesk_created_idx')
      .on(t.threadCreated)
      .where(sql`${t.threadHelpdesk}`),
  ],
);

/**
 * Who takes part in a thread and their own read state (last_read_timestamp, product.md#entities).
 * `participant_unread` is kept true while the thread has a message newer than the reader's last
 * read, so the unread count polled every 5 s is one index-only count over a partial index (ADR 0026).
 */
export const participants = messagesSchema.table(
  'participants',
  {
    idThread: integer('id_thread')
      .notNull()
      .references(() => threads.idThread, { onDelete: 'cascade' }),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    participantJoined: timestamp('participant_joined', { withTimezone: true }).notNull().defaultNow(),
    lastReadTimestamp: timestamp('last_read_timestamp', { withTimezone: true }),
    participantUnread: boolean('participant_unread').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.idUser, t.idThread] }),
    index('participants_thread_idx').on(t.idThread),
    index('participants_unread_idx')
      .on(t.idUser)
      .where(sql`${t.participantUnread}`),
  ],
);

/** One message of a thread (Message, product.md#entities); the author's name is kept as written. */
export const messages = messagesSchema.table(
  'messages',
  {
    idMessage: serial('id_message').primaryKey(),
    idThread: integer('id_thread')
      .notNull()
      .references(() => threads.idThread, { onDelete: 'cascade' }),
    idUser: integer('id_user').references(() => users.idUser, { onDelete: 'set null' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    messageContent: text('message_content').notNull(),
    messageFromStaff: boolean('message_from_staff').notNull().default(false),
    // An internal note: staff write it in the thread for each other; the sender never reads it,
    // and it moves nothing the sender sees (last message, unread, e-mails) (ADR 0060).
    messageInternal: boolean('message_internal').notNull().default(false),
    // Came in as an e-mail through the reply listener, not typed on the site: staff see it marked,
    // as an e-mail's sender is only as sure as its domain's authentication (ADR 0072).
    messageViaEmail: boolean('message_via_email').notNull().default(false),
    messageCreated: timestamp('message_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_idx').on(t.idThread, t.idMessage),
    // Staff analytics: staff answers per day (ADR 0036).
    index('messages_staff_created_idx')
      .on(t.messageCreated)
      .where(sql`${t.messageFromStaff}`),
    // The staff inbox's full-text search over every message (ADR 0060).
    index('messages_content_search_idx').using('gin', sql`to_tsvector('english', ${t.messageContent})`),
  ],
);

/** Saved replies staff insert into an answer, with variables filled per thread (ADR 0060). */
export const savedReplies = messagesSchema.table('saved_replies', {
  idSavedReply: serial('id_saved_reply').primaryKey(),
  savedReplyTitle: text('saved_reply_title').notNull(),
  savedReplyBody: text('saved_reply_body').notNull(),
  idUserCreated: integer('id_user_created').references(() => users.idUser, { onDelete: 'set null' }),
  savedReplyCreated: timestamp('saved_reply_created', { withTimezone: true }).notNull().defaultNow(),
  savedReplyUpdated: timestamp('saved_reply_updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who of staff is writing in a thread now: each open reply box refreshes its row every few
 * seconds, and a row older than REPLYING_FRESH_MS is ignored (ADR 0060). A table rather than
 * process memory, so two app instances see each other's staff.
 */
export const replyPresence = messagesSchema.table(
  'reply_presence',
  {
    idThread: integer('id_thread')
      .notNull()
      .references(() => threads.idThread, { onDelete: 'cascade' }),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    presenceAt: timestamp('presence_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.idThread, t.idUser] })],
);

/** Staff who asked to be e-mailed when a helpdesk thread gets a new message (ADR 0060). */
export const staffNotificationPrefs = messagesSchema.table('staff_notification_prefs', {
  idUser: integer('id_user')
    .primaryKey()
    .references(() => users.idUser, { onDelete: 'cascade' }),
  notifyNewMessages: boolean('notify_new_messages').notNull().default(false),
});

/** The helpdesk form as submitted (Helpdesk form, product.md#entities), with the consent it carried. */
export const helpdesks = messagesSchema.table(
  'helpdesks',
  {
    idHelpdesk: serial('id_helpdesk').primaryKey(),
    idThread: integer('id_thread')
      .notNull()
      .references(() => threads.idThread, { onDelete: 'cascade' }),
    idHelpdeskCategory: integer('id_helpdesk_category').references(() => helpdeskCategories.idHelpdeskCategory),
    idUser: integer('id_user').references(() => users.idUser, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    email: text('email').notNull(),
    telephone: text('telephone'),
    message: text('message').notNull(),
    notificationsMailers: boolean('notifications_mailers').notNull().default(false),
    consentMethod: text('consent_method'),
    consentTitle: text('consent_title'),
    consentText: text('consent_text'),
    consentInfo: text('consent_info'),
    permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default({}),
    helpdeskIp: text('helpdesk_ip'),
    helpdeskCreated: timestamp('helpdesk_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Rate limits per IP and per e-mail count recent submissions (ADR 0028).
    index('helpdesks_ip_idx').on(t.helpdeskIp, t.helpdeskCreated),
    index('helpdesks_email_idx').on(sql`lower(${t.email})`, t.helpdeskCreated),
  ],
);

/** Signed, revocable tokens that open one thread for a signed-out holder (ADR 0025). */
export const threadTokens = messagesSchema.table(
  'thread_tokens',
  {
    idThreadToken: serial('id_thread_token').primaryKey(),
    idThread: integer('id_thread')
      .notNull()
      .references(() => threads.idThread, { onDelete: 'cascade' }),
    tokenCreated: timestamp('token_created', { withTimezone: true }).notNull().defaultNow(),
    tokenRevoked: timestamp('token_revoked', { withTimezone: true }),
    // Sent by e-mail to the sender's address: following it proves the address (ADR 0045). A token
    // handed back by the helpdesk form proves nothing, as anyone can type any address.
    tokenEmailed: boolean('token_emailed').notNull().default(false),
    // The holder's read state, as participants keep it for users.
    lastReadTimestamp: timestamp('last_read_timestamp', { withTimezone: true }),
  },
  (t) => [index('thread_tokens_thread_idx').on(t.idThread)],
);

/** Spent captcha challenges, so one solved proof-of-work sends one message (ADR 0027). */
export const captchaUses = messagesSchema.table('captcha_uses', {
  challengeId: text('challenge_id').primaryKey(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
