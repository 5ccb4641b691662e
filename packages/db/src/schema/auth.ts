import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgSchema, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The auth service's tables (spec §3 User, Session; §6 roles).
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
    notificationsEmails: boolean('notifications_emails').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
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
    sessionDeleted: boolean('session_deleted').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.idUser)],
);
