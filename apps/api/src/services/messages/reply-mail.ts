import type { FastifyInstance } from 'fastify';
import { authenticate } from 'mailauth';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { countInWindows, type WindowLimit } from '../../plugins/rate-limit.ts';
import { findAccountContact } from '../auth/index.ts';
import * as repo from './messages.repository.ts';
import { postReaderMessage, type ThreadAccess } from './messages.service.ts';
import { parseReplyAddress, type ReplyAddressTarget } from './reply-address.ts';

/*
 * Reply by e-mail (ADR 0060). A staff reply's e-mail carries a signed Reply-To,
 * `reply+<thread>.<link>.<day>.<signature>@INBOUND_MAIL_DOMAIN` (ADR 0072: it expires); the product's own SMTP listener takes the
 * answer, checks the signature, keeps only the new text (the quoted reply goes) and adds it to
 * the thread as the sender. Bounce-safe: an address that is not ours is refused while the sending
 * server is still connected (it tells its user, we never write to a possibly forged From), and
 * bounces, auto-replies and mail from another address are accepted and dropped, logged, never
 * answered; the e-mail still tells the sender to use the link when a reply does not arrive.
 */

/** Plenty for a written answer; anything bigger is not one (attachments are not taken in). */
const MAX_MAIL_BYTES = 2 * 1024 * 1024;
const MAX_TEXT = 20_000;
/**
 * E-mailed answers one thread takes (ADR 0072): a person writes a few; more is a script. Over it
 * the listener answers 451, so a real sender's server retries later and nothing is lost.
 */
const REPLY_MAIL_LIMITS: readonly WindowLimit[] = [
  { windowMs: 10 * 60_000, max: 5 },
  { windowMs: 24 * 3600_000, max: 30 },
];

const QUOTE_HEADERS = [
  /^On .+wrote:\s*$/i, // Gmail, Apple Mail, Thunderbird
  /^Le .+a écrit\s*:\s*$/i,
  /^Am .+schrieb .+:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}/i, // Outlook
  /^_{5,}\s*$/, // Outlook's rule above the quoted headers
  /^Sent from my /i, // phone signatures
  /^--\s*$/, // the signature separator
];

/** A quoted header block: "From: …" followed within a few lines by "Sent:", "Date:", "To:" or "Subject:". */
function startsHeaderBlock(lines: string[], i: number): boolean {
  if (!/^From:\s.+$/i.test(lines[i]!.trim())) return false;
  return lines.slice(i + 1, i + 5).some((next) => /^(Sent|Date|To|Cc|Subject):\s/i.test(next.trim()));
}

/**
 * The new text of a reply: everything before the quoted original (the "On … wrote:" line, an
 * Outlook header block, `>` lines) or the signature. Lines are kept as written.
 */
export function stripQuotedText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // "On Tue, … Sam from the Fretline team <…>" can wrap onto a second line before "wrote:".
    const joined = `${line} ${lines[i + 1] ?? ''}`;
    if (QUOTE_HEADERS.some((re) => re.test(line.trim())) || /^On .+wrote:\s*$/i.test(joined.trim())) break;
    // A line of the member's own that starts "From:" ("From: my teacher's notes…") is kept.
    if (startsHeaderBlock(lines, i)) break;
    if (line.trimStart().startsWith('>')) break;
    kept.push(line);
  }
  return kept.join('\n').trim();
}

type InboundResult =
  | { outcome: 'added'; idThread: number }
  | { outcome: 'deferred'; idThread: number }
  | { outcome: 'dropped'; reason: 'not-ours' | 'bounce' | 'auto-reply' | 'other-sender' | 'unauthenticated' | 'empty' };

/** What the SMTP session said: MAIL FROM, RCPT TO, and the connecting client. */
interface Envelope {
  from: string;
  to: string[];
  ip: string;
  helo: string;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
/** Relaxed alignment (DMARC): the same domain, or one inside the other. */
const aligned = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/**
 * Whether the From address is the sender's own (ADR 0072): a From header is easy to forge for
 * anyone who saw the reply address, so the mail must prove its domain. 'verify': a DKIM signature
 * that passes and aligns with the From domain, or SPF that passes for an aligned MAIL FROM (mailauth,
 * with the app's resolver). 'upstream': the MX in front of the listener already checked, and its
 * Authentication-Results (the topmost with our configured authserv-id, never one the sender wrote
 * further down) says dmarc=pass.
 */
async function senderProven(app: FastifyInstance, envelope: Envelope, raw: Buffer, from: string): Promise<boolean> {
  if (app.config.INBOUND_MAIL_AUTH === 'upstream') {
    const id = app.config.INBOUND_MAIL_AUTHSERV_ID?.toLowerCase();
    const header = raw
      .toString('latin1')
      .split(/\r?\n\r?\n/, 1)[0]!
      .replace(/\r?\n[ \t]+/g, ' ')
      .split(/\r?\n/)
      .find((line) => /^authentication-results:/i.test(line));
    if (!id || !header) return false;
    const [authserv, ...results] = header.slice(header.indexOf(':') + 1).split(';');
    return authserv?.trim().split(/\s+/)[0]?.toLowerCase() === id && results.some((r) => /^\s*dmarc=pass\b/i.test(r));
  }
  const result = await authenticate(raw, {
    ip: envelope.ip,
    helo: envelope.helo,
    sender: envelope.from,
    mta: app.config.INBOUND_MAIL_DOMAIN ?? 'localhost',
    resolver: app.dnsResolver,
    disableArc: true,
    disableBimi: true,
  });
  const fromDomain = domainOf(from);
  const dkim = (result.dkim?.results ?? []).some((r) => r.status.result === 'pass' && Boolean(r.status.aligned));
  const spf = result.spf && result.spf.status.result === 'pass' && aligned(domainOf(envelope.from), fromDomain);
  return dkim || Boolean(spf);
}

function firstAddress(field: AddressObject | AddressObject[] | undefined): string | undefined {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((a) => a.value)
    .find((v) => v.address)
    ?.address?.toLowerCase();
}

/**
 * The live thread (and, for a signed-out sender, the live e-mailed token) a recipient address
 * names; undefined when the signature is not ours, the thread is gone, or its links were revoked.
 */
async function findReplyTarget(app: FastifyInstance, address: string) {
  const target: ReplyAddressTarget | undefined = parseReplyAddress(app.config, address, app.clock());
  if (!target) return undefined;
  const thread = await repo.findThread(app.db, target.idThread);
  if (!thread) return undefined;
  // A registered sender's address carries no token (0); a signed-out sender's carries the
  // e-mailed one, which must still be live: a revoke retires the address with the link.
  if (thread.idUserSender !== null) return target.idThreadToken === 0 ? { thread, idThreadToken: 0 } : undefined;
  if (target.idThreadToken === 0) return undefined;
  const token = await repo.findLiveThreadToken(app.db, target.idThreadToken, thread.idThread);
  return token?.tokenEmailed ? { thread, idThreadToken: token.idThreadToken } : undefined;
}

/**
 * Takes one received e-mail in. `envelope` is what the SMTP session said (MAIL FROM, RCPT TO);
 * an empty MAIL FROM is a bounce (RFC 5321 §4.5.5) and is never answered nor stored.
 */
async function receiveReplyMail(app: FastifyInstance, envelope: Envelope, raw: Buffer): Promise<InboundResult> {
  let found: Awaited<ReturnType<typeof findReplyTarget>>;
  for (const to of envelope.to) found ??= await findReplyTarget(app, to);
  if (!found) return { outcome: 'dropped', reason: 'not-ours' };
  const { thread, idThreadToken } = found;
  const idThread = thread.idThread;
  if (!envelope.from) return { outcome: 'dropped', reason: 'bounce' };
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true });
  const autoHeader = mail.headers.get('auto-submitted');
  const auto = (typeof autoHeader === 'string' ? autoHeader : 'no').toLowerCase();
  const contentType = mail.headers.get('content-type');
  const report =
    typeof contentType === 'object' && contentType && 'value' in contentType && contentType.value === 'multipart/report';
  if (auto !== 'no' || report || mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond'))
    return { outcome: 'dropped', reason: 'auto-reply' };

  // The reply must come from the address we wrote to: the sender's account, or the address given.
  const account = thread.idUserSender !== null ? await findAccountContact(app.db, thread.idUserSender) : undefined;
  const expected = (account?.email ?? thread.senderEmail ?? '').toLowerCase();
  const from = firstAddress(mail.from);
  if (!expected || from !== expected) return { outcome: 'dropped', reason: 'other-sender' };
  if (!(await senderProven(app, envelope, raw, from))) return { outcome: 'dropped', reason: 'unauthenticated' };

  const text = stripQuotedText(mail.text ?? '').slice(0, MAX_TEXT);
  if (!text) return { outcome: 'dropped', reason: 'empty' };
  if ((await countInWindows(app.db, `reply-mail:${idThread}`, REPLY_MAIL_LIMITS, app.clock())) > 0)
    return { outcome: 'deferred', idThread };

  let access: ThreadAccess;
  if (thread.idUserSender !== null && account) {
    access = {
      thread,
      reader: {
        kind: 'user',
        idUser: thread.idUserSender,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
      },
      lastReadTimestamp: null,
      unread: false,
    };
  } else {
    // Posted with the link's own token. A From header can be forged by anyone who saw the
    // address, so an e-mailed answer never proves the address nor links an account (ADR 0045):
    // only following the link does.
    access = {
      thread,
      reader: { kind: 'token', idThreadToken, token: '', emailed: true },
      lastReadTimestamp: null,
      unread: false,
    };
  }
  await postReaderMessage(app, access, text, { viaEmail: true });
  return { outcome: 'added', idThread };
}

/**
 * The product's SMTP listener for replies (INBOUND_SMTP_PORT). Recipients that are not a signed
 * reply address are refused at RCPT with 550, so nothing is stored for them and no bounce of ours
 * can reach a forged sender. No AUTH, no relaying: it only ever delivers into threads.
 */
export function startReplyMailListener(app: FastifyInstance): SMTPServer {
  const server = new SMTPServer({
    name: app.config.INBOUND_MAIL_DOMAIN ?? 'localhost',
    banner: 'Fretline replies',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MAIL_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      findReplyTarget(app, address.address)
        .then((found) => {
          if (found) callback();
          else callback(Object.assign(new Error('No such recipient here'), { responseCode: 550 }));
        })
        .catch((err: unknown) => {
          app.log.error({ err }, 'reply by e-mail: recipient check failed');
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ip: session.remoteAddress,
          helo: session.hostNameAppearsAs,
        };
        receiveReplyMail(app, envelope, Buffer.concat(chunks))
          .then((result) => {
            app.log.info({ inboundMail: result }, 'reply by e-mail');
            if (result.outcome === 'deferred')
              callback(Object.assign(new Error('Too many replies to this conversation, try again later'), { responseCode: 451 }));
            else callback();
          })
          // Accepted or not, a failure here is ours: 451 asks the sending server to try again later.
          .catch((err: unknown) => {
            app.log.error({ err }, 'reply by e-mail failed');
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          });
      });
    },
  });
  server.on('error', (err) => app.log.error({ err }, 'reply mail listener'));
  return server;
}
