import { PASSCODE_MAX_WRONG_TRIES, PASSCODE_TTL_MS } from '@fretline/contract';
import { and, desc, eq, isNull, sql, tables, type Database } from '@fretline/db';
import { FAILURE_IP_LIMITS, FAILURE_LIMITS, countEvent, uncountEvent, type EventKind, type Limit } from './limits.ts';
import { createLinkKey, createPasscode, hmacLinkKey, hmacPasscode, safeEqual } from './secrets.ts';

const { passcodes } = tables;

/** `login`: signing in by e-mail. `email`: confirming a changed address (bound to the user). */
export type PasscodePurpose = 'login' | 'email';

/**
 * ADR 0010: a new code replaces earlier ones for the same address and purpose. A code asked for
 * from an IP the account has signed in from (`requestedIp`, the owner's lane) replaces every one;
 * any other request replaces only codes of the shared lane, so a stranger asking for codes never
 * kills the one the owner asked for. Returns the code and the key for its e-mailed link.
 */
export async function issuePasscode(
  db: Database,
  secret: string,
  input: { purpose: PasscodePurpose; email: string; idUser: number; now: Date; requestedIp?: string | undefined },
): Promise<{ code: string; linkKey: string }> {
  const code = createPasscode();
  const linkKey = createLinkKey();
  await db
    .update(passcodes)
    .set({ replacedAt: input.now })
    .where(
      and(
        eq(passcodes.purpose, input.purpose),
        eq(passcodes.email, input.email),
        isNull(passcodes.replacedAt),
        isNull(passcodes.usedAt),
        input.requestedIp === undefined ? isNull(passcodes.requestedIp) : undefined,
      ),
    );
  await db.insert(passcodes).values({
    purpose: input.purpose,
    email: input.email,
    idUser: input.idUser,
    codeHmac: hmacPasscode(secret, input.purpose, input.email, code),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + PASSCODE_TTL_MS),
    requestedIp: input.requestedIp ?? null,
    linkKeyHmac: hmacLinkKey(secret, linkKey),
  });
  return { code, linkKey };
}

export type RedeemOutcome =
  | { ok: true; idUser: number }
  | { ok: false; reason: 'wrong' | 'failed' | 'used' | 'expired' | 'burned' | 'locked'; retryAfterMs?: number };

/**
 * Checks a code; must run inside a transaction (ADR 0010). The address's codes are locked with
 * SELECT … FOR UPDATE first, so two simultaneous redemptions of one code queue on the row lock:
 * the first marks it used, the second then reads it used. Wrong tries are written in the same
 * transaction and committed even though the caller answers with an error.
 *
 * Wrong tries are capped per address and source IP (`ip`), and per IP alone when `limitIp`; the
 * address as a whole is guarded by each code's own burn after five wrong tries and by the send
 * limits. A code asked for from the owner's lane keeps five tries of its own for the IP that
 * asked, so a stranger's guesses never lock the owner out (ADR 0010).
 *
 * With `linkKey` (from the e-mailed link) the code counts only together with its own key. The
 * right pair proves the mailbox, so it is accepted before any budget is looked at and while the
 * code is unused and within its life, even when a newer request replaced it; a wrong or another
 * code's key is a wrong try like any other (ADR 0010).
 */
export async function redeemPasscode(
  tx: Database,
  secret: string,
  input: {
    purpose: PasscodePurpose;
    email: string;
    code: string;
    linkKey?: string | undefined;
    now: Date;
    idUser?: number;
    ip: string;
    limitIp: boolean;
  },
): Promise<RedeemOutcome> {
  const rows = await tx
    .select({
      idPasscode: passcodes.idPasscode,
      idUser: passcodes.idUser,
      codeHmac: passcodes.codeHmac,
      expiresAt: passcodes.expiresAt,
      usedAt: passcodes.usedAt,
      replacedAt: passcodes.replacedAt,
      failedAttempts: passcodes.failedAttempts,
      requestedIp: passcodes.requestedIp,
      requesterFailedAttempts: passcodes.requesterFailedAttempts,
      linkKeyHmac: passcodes.linkKeyHmac,
    })
    .from(passcodes)
    .where(
      and(
        eq(passcodes.purpose, input.purpose),
        eq(passcodes.email, input.email),
        input.idUser !== undefined ? eq(passcodes.idUser, input.idUser) : undefined,
      ),
    )
    .orderBy(desc(passcodes.idPasscode))
    .limit(20)
    .for('update');

  const hmac = hmacPasscode(secret, input.purpose, input.email, input.code);
  const keyHmac = input.linkKey === undefined ? undefined : hmacLinkKey(secret, input.linkKey);
  // Compare against every candidate so the time taken does not depend on which one matched.
  let match: (typeof rows)[number] | undefined;
  for (const row of rows) {
    const keyed = keyHmac === undefined || (row.linkKeyHmac !== null && safeEqual(row.linkKeyHmac, keyHmac));
    if (safeEqual(row.codeHmac, hmac) && keyed && !match) match = row;
  }
  if (match && keyHmac !== undefined) return use(tx, match, input.now);

  const counters: Array<[EventKind, string, readonly Limit[]]> = [
    ['failure_email_ip', `${input.email} ${input.ip}`, FAILURE_LIMITS],
    ...(input.limitIp ? [['failure_ip', input.ip, FAILURE_IP_LIMITS] as [EventKind, string, readonly Limit[]]] : []),
  ];
  // Every try is counted as a failure first, in one atomic step per counter so simultaneous tries
  // can't all slip under the caps, and taken back below when the code matches. Over a cap even a
  // correct code is refused: otherwise guessing could simply carry on until it hit.
  let lockedFor = 0;
  for (const [kind, key, limits] of counters) lockedFor = Math.max(lockedFor, await countEvent(tx, kind, key, limits, input.now));
  if (lockedFor > 0) return { ok: false, reason: 'locked', retryAfterMs: lockedFor };

  // The requester's own tries and everyone else's are separate budgets of the same size.
  const fromRequester = (row: (typeof rows)[number]) => row.requestedIp === input.ip;
  const triesSpent = (row: (typeof rows)[number]) => (fromRequester(row) ? row.requesterFailedAttempts : row.failedAttempts);

  if (!match) {
    // Every live code was compared, so the miss counts against each one's budget for this IP.
    for (const row of rows) {
      if (row.usedAt || row.replacedAt || row.expiresAt <= input.now || triesSpent(row) >= PASSCODE_MAX_WRONG_TRIES) continue;
      await tx
        .update(passcodes)
        .set(
          fromRequester(row)
            ? { requesterFailedAttempts: sql`${passcodes.requesterFailedAttempts} + 1` }
            : { failedAttempts: sql`${passcodes.failedAttempts} + 1` },
        )
        .where(eq(passcodes.idPasscode, row.idPasscode));
    }
    // 'wrong' whether or not the address has an account, so the answer never tells (ADR 0048).
    return { ok: false, reason: 'wrong' };
  }
  for (const [kind, key, limits] of counters) await uncountEvent(tx, kind, key, limits, input.now);
  if (match.usedAt) return { ok: false, reason: 'used' };
  // A code replaced by a newer request is as dead as an expired one.
  if (match.replacedAt || match.expiresAt <= input.now) return { ok: false, reason: 'expired' };
  if (triesSpent(match) >= PASSCODE_MAX_WRONG_TRIES) return { ok: false, reason: 'burned' };
  return use(tx, match, input.now);
}

/** Marks a matched code used, unless it already is, has expired or has no account behind it. */
async function use(
  tx: Database,
  match: { idPasscode: number; idUser: number | null; usedAt: Date | null; expiresAt: Date },
  now: Date,
): Promise<RedeemOutcome> {
  if (match.usedAt) return { ok: false, reason: 'used' };
  if (match.expiresAt <= now) return { ok: false, reason: 'expired' };
  if (match.idUser === null) return { ok: false, reason: 'failed' };
  await tx.update(passcodes).set({ usedAt: now }).where(eq(passcodes.idPasscode, match.idPasscode));
  return { ok: true, idUser: match.idUser };
}
