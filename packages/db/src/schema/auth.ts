import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The auth service's tables (User and Session of product.md#entities; roles, product.md#roles; ADR 0010 passcodes, ADR 0011 sessions).
export const authSchema = pgSchema('auth');

export const users = authSchema.table(
  'users',
  {
    idUser: serial('id_user').primaryKey(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    telephone: text('telephone'),
    welcomePending: boolean('welcome_pending').notNull().default(true),
    notificationsMailers: boolean('notifications_mailers').notNull().default(false),
    // Chord diagrams drawn for a left-handed player (product.md#chords).
    leftHanded: boolean('left_handed').notNull().default(false),
    notificationsEmails: boolean('notifications_emails').notNull().default(true),
    /** The IANA time zone the browser reported at sign-in (validated with Intl); e-mails give dates and times in it. */
    timeZone: text('time_zone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    // Staff analytics: sign-ups per day over a date range (ADR 0036).
    index('users_created_idx').on(t.createdAt),
  ],
);

export const userRoles = authSchema.table(
  'user_roles',
  {
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idUser, t.role] })],
);

export const sessions = authSchema.table(
  'sessions',
  {
    idSession: serial('id_session').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    // SHA-256 of the opaque bearer token; the token itself is never stored.
    tokenHash: text('token_hash').notNull(),
    sessionIp: text('session_ip'),
    sessionUserAgent: text('session_user_agent'),
    sessionCreated: timestamp('session_created', { withTimezone: true }).notNull().defaultNow(),
    sessionAccessed: timestamp('session_accessed', { withTimezone: true }).notNull().defaultNow(),
    // When the session was ended (logout, revoked from the sessions list, account deleted); null while open.
    sessionDeleted: timestamp('session_deleted', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.idUser)],
);

/**
 * One-time passcodes (ADR 0010). `purpose` is `login` (sign-in by e-mail) or `email` (confirming
 * a changed address, bound to `id_user`). Only an HMAC of the code is kept.
 */
export const passcodes = authSchema.table(
  'passcodes',
  {
    idPasscode: serial('id_passcode').primaryKey(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    idUser: integer('id_user').references(() => users.idUser, { onDelete: 'cascade' }),
    codeHmac: text('code_hmac').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** Wrong tries from anyone but `requested_ip`: five burn the code for them (ADR 0010). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /**
     * Set when the code was asked for from an IP the account has signed in from: that IP keeps its
     * own five tries, which strangers' wrong tries can't spend (ADR 0010). Null: one shared budget.
     */
    requestedIp: text('requested_ip'),
    requesterFailedAttempts: integer('requester_failed_attempts').notNull().default(0),
    /** HMAC of the key in the e-mailed link: with it the code works whatever strangers tried (ADR 0010). */
    linkKeyHmac: text('link_key_hmac'),
  },
  (t) => [index('passcodes_email_idx').on(t.purpose, t.email, t.idPasscode)],
);

/**
 * When someone left a list (ADR 0066): by an unsubscribe link, the one-click header or their
 * notification settings. The staff figures count mailer unsubscribes in a period.
 */
export const unsubscribeEvents = authSchema.table(
  'unsubscribe_events',
  {
    idUnsubscribeEvent: serial('id_unsubscribe_event').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    /** `mailers` or `emails` (every non-essential e-mail). */
    unsubscribeList: text('unsubscribe_list').notNull(),
    unsubscribeCreated: timestamp('unsubscribe_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unsubscribe_events_created_idx').on(t.unsubscribeCreated)],
);
