import { LOGIN_ERRORS, isRole, type Me, type Session } from '@fretline/contract';
import { sql, type Database } from '@fretline/db';
import type { Config } from '../../config.ts';
import { AppError, badRequest, conflict } from '../../plugins/errors.ts';
import type { PersonalDataEraser } from '../../platform/erasure.ts';
import { enqueueMail, eraseMailTo } from '../../platform/mail/index.ts';
import { cancelAllSubscriptionsForUser, getMembership } from '../finance/index.ts';
import { emailInUseMail, noAccountMail, passcodeMail } from './auth.mail.ts';
import { forgetCachedSessions } from './session-cache.ts';
import {
  anonymiseUser,
  createSession,
  createUser,
  findUserByEmail,
  findUserById,
  hasSignedInFrom,
  isEmailTaken,
  listPasscodeAddresses,
  updateUser,
  type SessionRow,
  type UserRow,
} from './auth.repository.ts';
import { SEND_LIMITS, countEvent, limitsIp } from './limits.ts';
import { issuePasscode, redeemPasscode, type PasscodePurpose, type RedeemOutcome } from './passcodes.ts';
import { LEARNER_SESSION_TTL_MS, STAFF_SESSION_TTL_MS } from './sessions.ts';
import { createSessionToken, hashSessionToken } from './tokens.ts';
import { hasRoleGroup } from '@fretline/contract';

/** What every auth operation runs with: the database (or a transaction), the config and "now". */
export interface AuthContext {
  db: Database;
  config: Config;
  now: Date;
}

/** The community link members see (Current user, product.md#entities); a fixed demo invitation. */
const COMMUNITY_DISCORD_LINK = 'https://discord.gg/fretline-members';

/** A failure that also tells the client when to try again (sent as Retry-After). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
    code = 'RATE_LIMITED',
  ) {
    super(code, 429, message);
  }
}

/**
 * ARCHITECTURE.md: sending is limited per e-mail and per IP (ADR 0010). Requests from an IP the
 * account has signed in from (`ownerIp`) count in a lane of their own for the address, so strangers
 * asking for codes can't spend the owner's. Counting and checking are one atomic step (ADR 0043);
 * called last in the sending transaction, so its counter rows stay locked only briefly, and a
 * refusal rolls back the send and its own count.
 */
async function countSend(ctx: AuthContext, email: string, ip: string, ownerIp?: string): Promise<void> {
  const lane = ownerIp === undefined ? email : `${email} ${ownerIp}`;
  let wait = await countEvent(ctx.db, 'send_email', lane, SEND_LIMITS, ctx.now);
  if (limitsIp(ctx.config, ip)) wait = Math.max(wait, await countEvent(ctx.db, 'send_ip', ip, SEND_LIMITS, ctx.now));
  if (wait <= 0) return;
  const message =
    wait <= 60_000
      ? 'Please wait a minute before asking for another code.'
      : `You have asked for several codes recently. Please try again in ${Math.ceil(wait / 60_000)} minutes.`;
  throw new RateLimitedError(message, wait, 'PASSCODE_SEND_LIMITED');
}

/** The requester's IP when the account has signed in from it: the owner's lane (ADR 0010). */
async function ownerLane(db: Database, idUser: number, ip: string): Promise<string | undefined> {
  return (await hasSignedInFrom(db, idUser, ip)) ? ip : undefined;
}

/** Serialises sends for one address, so two simultaneous requests can't both pass the limits. */
async function lockAddress(db: Database, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`auth-send:${email}`}))`);
}

/**
 * POST me/passcodes (product.md#validation, ADR 0010). The answer never depends on whether the address has an
 * account: with one, a code is e-mailed (replacing any earlier code); without, the address gets an
 * e-mail saying so, with a link to sign up.
 */
export async function requestLoginPasscode(ctx: AuthContext, email: string, ip: string): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await lockAddress(db, email);
    const user = await findUserByEmail(db, email);
    const requestedIp = user ? await ownerLane(db, user.idUser, ip) : undefined;
    if (user) {
      const { code, linkKey } = await issuePasscode(db, ctx.config.SECRET_KEY, {
        purpose: 'login',
        email,
        idUser: user.idUser,
        now: ctx.now,
        requestedIp,
      });
      await enqueueMail(db, passcodeMail({ to: email, code, linkKey, siteUrl: ctx.config.SITE_URL, purpose: 'login' }));
    } else {
      await enqueueMail(db, noAccountMail({ to: email, siteUrl: ctx.config.SITE_URL }));
    }
    await countSend(tx, email, ip, requestedIp);
  });
}

/**
 * POST me (/signup, product.md#pages): creates the account and e-mails a sign-in code. An address that
 * already has an account just gets a sign-in code, and the answer is the same either way.
 */
export async function signup(
  ctx: AuthContext,
  input: { firstName: string; lastName: string; email: string; notificationsMailers: boolean },
  ip: string,
): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await lockAddress(db, input.email);
    const existing = await findUserByEmail(db, input.email);
    const idUser = existing?.idUser ?? (await createUser(db, input));
    if (!idUser) return;
    const requestedIp = existing ? await ownerLane(db, idUser, ip) : undefined;
    const { code, linkKey } = await issuePasscode(db, ctx.config.SECRET_KEY, {
      purpose: 'login',
      email: input.email,
      idUser,
      now: ctx.now,
      requestedIp,
    });
    await enqueueMail(db, passcodeMail({ to: input.email, code, linkKey, siteUrl: ctx.config.SITE_URL, purpose: 'login' }));
    await countSend(tx, input.email, ip, requestedIp);
  });
}

/** The three login texts (product.md#errors); a wrong code, a burned code and the failure caps have their own words (ADR 0048). */
function redeemError(outcome: Extract<RedeemOutcome, { ok: false }>): AppError {
  switch (outcome.reason) {
    case 'used':
      return new AppError('PASSCODE_USED', 400, LOGIN_ERRORS.alreadyUsed);
    case 'expired':
      return new AppError('PASSCODE_EXPIRED', 400, LOGIN_ERRORS.tooOld);
    case 'burned':
      return new AppError('PASSCODE_BURNED', 400, 'That code was entered wrongly too many times, please ask for a new one.');
    case 'locked':
      return new RateLimitedError(
        `There have been too many wrong codes for this email address. Please try again in ${Math.ceil((outcome.retryAfterMs ?? 3_600_000) / 60_000)} minutes.`,
        outcome.retryAfterMs ?? 3_600_000,
        'PASSCODE_LOCKED',
      );
    case 'wrong':
      return new AppError('PASSCODE_WRONG', 400, LOGIN_ERRORS.wrongCode);
    case 'failed':
      return new AppError('PASSCODE_INVALID', 400, LOGIN_ERRORS.failed);
  }
}

/**
 * Redeems a code inside one transaction and returns its result. Wrong tries must be committed,
 * so failures come back as values and are thrown only after the commit.
 */
async function redeem(
  ctx: AuthContext,
  input: { purpose: PasscodePurpose; email: string; code: string; linkKey?: string | undefined; idUser?: number; ip: string },
  onSuccess: (db: Database, idUser: number) => Promise<string | undefined>,
): Promise<string | undefined> {
  const result = await ctx.db.transaction(async (db) => {
    const outcome = await redeemPasscode(db, ctx.config.SECRET_KEY, {
      ...input,
      now: ctx.now,
      limitIp: limitsIp(ctx.config, input.ip),
    });
    if (!outcome.ok) return { error: redeemError(outcome) };
    return { value: await onSuccess(db, outcome.idUser) };
  });
  if ('error' in result) throw result.error;
  return result.value;
}

/** PUT me/passcodes: a correct code makes exactly one session and returns its token (ADR 0011). */
export async function redeemLoginPasscode(
  ctx: AuthContext,
  input: {
    email: string;
    code: string;
    linkKey?: string | undefined;
    ip: string;
    userAgent: string | undefined;
    timeZone?: string | undefined;
  },
): Promise<string> {
  const login = { purpose: 'login' as const, email: input.email, code: input.code, linkKey: input.linkKey, ip: input.ip };
  const token = await redeem(ctx, login, async (db, idUser) => {
    const user = await findUserById(db, idUser);
    if (!user || user.email.toLowerCase() !== input.email) return undefined;
    const token = await openSession({ ...ctx, db }, user, input);
    // The browser's zone, for the dates in the member's e-mails (docs/decisions/0067-keeping-members-and-the-numbers.md).
    if (input.timeZone && input.timeZone !== user.timeZone) await updateUser(db, idUser, { timeZone: input.timeZone });
    return token;
  });
  if (!token) throw new AppError('PASSCODE_INVALID', 400, LOGIN_ERRORS.failed);
  return token;
}

/** One new session for the user, as long as their role group's (ADR 0011); returns its token. */
async function openSession(
  ctx: AuthContext,
  user: UserRow,
  input: { ip: string; userAgent: string | undefined },
): Promise<string> {
  const token = createSessionToken();
  const ttl = hasRoleGroup(user.roles, 'Staff') ? STAFF_SESSION_TTL_MS : LEARNER_SESSION_TTL_MS;
  await createSession(ctx.db, {
    idUser: user.idUser,
    tokenHash: hashSessionToken(token),
    ip: input.ip,
    userAgent: input.userAgent ? input.userAgent.slice(0, 400) : null,
    now: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + ttl),
  });
  return token;
}

/**
 * The browser tests' session fixture (ADR 0075): the session a correct code would open, without
 * the e-mailed code and its one-a-minute limit; with names, for an account made as sign-up makes
 * it. Only registered when TEST_SESSIONS is on, which production refuses (config.ts). Undefined
 * for an address without an account and no names.
 */
export async function openTestSession(
  ctx: AuthContext,
  input: {
    email: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
    ip: string;
    userAgent: string | undefined;
  },
): Promise<string | undefined> {
  const { email, firstName, lastName } = input;
  let user = await findUserByEmail(ctx.db, email);
  if (!user && firstName !== undefined && lastName !== undefined) {
    await createUser(ctx.db, { firstName, lastName, email, notificationsMailers: false });
    user = await findUserByEmail(ctx.db, email);
  }
  return user ? openSession(ctx, user, input) : undefined;
}

/** GET me for a signed-in user: the User fields, the Current user fields, the account flags. */
export async function getMe(ctx: AuthContext, idUser: number): Promise<Me | undefined> {
  const user = await findUserById(ctx.db, idUser);
  if (!user) return undefined;
  const membership = await getMembership(ctx.db, idUser, ctx.now);
  return toMe(user, membership);
}

function toMe(user: UserRow, membership: { hasMembership: boolean; eligibleForTrial: boolean }): Me {
  return {
    id_user: user.idUser,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    telephone: user.telephone,
    roles: user.roles.filter(isRole),
    has_aaa_membership: membership.hasMembership,
    eligible_for_aaa_free_trial: membership.eligibleForTrial,
    // The community link is a members' benefit (product.md#entities).
    aaa_community_discord_link: membership.hasMembership ? COMMUNITY_DISCORD_LINK : null,
    left_handed: user.leftHanded,
    welcome_pending: user.welcomePending,
    notifications_mailers: user.notificationsMailers,
    notifications_emails: user.notificationsEmails,
  };
}

/**
 * PATCH me. Names and telephone change at once. A new address changes only once the code sent
 * to it is entered (ADR 0012); asking for the change answers the same whether or not another
 * account uses the address.
 */
export async function updateProfile(
  ctx: AuthContext,
  idUser: number,
  input: {
    first_name?: string;
    last_name?: string;
    telephone?: string | null;
    email?: string;
    passcode?: string;
    left_handed?: boolean;
    time_zone?: string;
  },
  ip: string,
): Promise<{ pendingEmail: string | null }> {
  const current = await findUserById(ctx.db, idUser);
  if (!current) return { pendingEmail: null };
  await updateUser(ctx.db, idUser, {
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
    ...(input.telephone !== undefined ? { telephone: input.telephone } : {}),
    ...(input.left_handed !== undefined ? { leftHanded: input.left_handed } : {}),
    ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
  });
  const email = input.email;
  if (!email || email === current.email.toLowerCase()) return { pendingEmail: null };

  if (input.passcode) {
    await redeem(ctx, { purpose: 'email', email, code: input.passcode, idUser, ip }, async (db) => {
      if (await isEmailTaken(db, email, idUser))
        throw conflict('That email address cannot be used, please choose another.', 'EMAIL_TAKEN');
      await updateUser(db, idUser, { email });
      return undefined;
    });
    // Again after the commit: a request between the write and the commit may have cached the old row.
    forgetCachedSessions(idUser);
    return { pendingEmail: null };
  }

  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await lockAddress(db, email);
    if (await isEmailTaken(db, email, idUser)) {
      await enqueueMail(db, emailInUseMail({ to: email }));
    } else {
      const { code } = await issuePasscode(db, ctx.config.SECRET_KEY, { purpose: 'email', email, idUser, now: ctx.now });
      await enqueueMail(db, passcodeMail({ to: email, code, siteUrl: ctx.config.SITE_URL, purpose: 'email' }));
    }
    await countSend(tx, email, ip);
  });
  return { pendingEmail: email };
}

/**
 * DELETE me (ADR 0012, ADR 0046): in one transaction, every live subscription is cancelled, each
 * service erases what it holds about the person (the erasers buildApp gathers), mail to their
 * addresses leaves the queue, and the user row loses its personal data.
 */
export async function deleteAccount(ctx: AuthContext, idUser: number, erasers: readonly PersonalDataEraser[]): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const user = await findUserById(db, idUser);
    if (!user) return;
    await cancelAllSubscriptionsForUser(db, idUser, ctx.now);
    const account = { idUser, email: user.email, firstName: user.firstName, lastName: user.lastName };
    for (const erase of erasers) await erase(db, account, ctx.now);
    await eraseMailTo(db, [user.email, ...(await listPasscodeAddresses(db, idUser))]);
    await anonymiseUser(db, idUser, user.email, ctx.now);
  });
  forgetCachedSessions(idUser);
}

export function toSession(row: SessionRow, currentSessionId: number, now: Date): Session {
  // An expired session is as closed as a revoked one; show when it stopped working.
  const ended = row.sessionDeleted ?? (row.expiresAt <= now ? row.expiresAt : null);
  return {
    id_session: row.idSession,
    session_deleted: ended,
    session_ip: row.sessionIp,
    session_accessed: row.sessionAccessed,
    session_created: row.sessionCreated,
    session_user_agent: row.sessionUserAgent,
    session_current: row.idSession === currentSessionId,
  };
}

export function invalidUnsubscribeLink(): AppError {
  return badRequest(
    'That unsubscribe link is not valid. Please use the link from your most recent email.',
    'token',
    'UNSUBSCRIBE_TOKEN_INVALID',
  );
}
