import type { FastifyInstance } from 'fastify';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { findAccountContact } from '../auth/index.ts';
import * as repo from './messages.repository.ts';
import { postReaderMessage, type ThreadAccess } from './messages.service.ts';
import { threadOfReplyAddress } from './reply-address.ts';

/*
 * Reply by e-mail (ADR 0060). A staff reply's e-mail carries a signed Reply-To,
 * `reply+<thread>.<signature>@INBOUND_MAIL_DOMAIN`; the product's own SMTP listener takes the
 * answer, checks the signature, keeps only the new text (the quoted reply goes) and adds it to
 * the thread as the sender. Bounce-safe: an address that is not ours is refused while the sending
 * server is still connected (it tells its user, we never write to a possibly forged From), and
 * bounces, auto-replies and mail from another address are accepted and dropped, logged, never
 * answered; the e-mail still tells the sender to use the link when a reply does not arrive.
 */

/** Plenty for a written answer; anything bigger is not one (attachments are not taken in). */
const MAX_MAIL_BYTES = 2 * 1024 * 1024;
const MAX_TEXT = 20_000;

const QUOTE_HEADERS = [
  /^On .+wrote:\s*$/i, // Gmail, Apple Mail, Thunderbird
  /^Le .+a écrit\s*:\s*$/i,
  /^Am .+schrieb .+:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}/i, // Outlook
  /^_{5,}\s*$/, // Outlook's rule above the quoted headers
  /^From:\s.+$/i, // a forwarded or quoted header block
  /^Sent from my /i, // phone signatures
  /^--\s*$/, // the signature separator
];

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
    if (line.trimStart().startsWith('>')) break;
    kept.push(line);
  }
  return kept.join('\n').trim();
}

type InboundResult =
  | { outcome: 'added'; idThread: number }
  | { outcome: 'dropped'; reason: 'not-ours' | 'bounce' | 'auto-reply' | 'no-thread' | 'other-sender' | 'empty' };

function firstAddress(field: AddressObject | AddressObject[] | undefined): string | undefined {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((a) => a.value)
    .find((v) => v.address)
    ?.address?.toLowerCase();
}

/**
 * Takes one received e-mail in. `envelope` is what the SMTP session said (MAIL FROM, RCPT TO);
 * an empty MAIL FROM is a bounce (RFC 5321 §4.5.5) and is never answered nor stored.
 */
async function receiveReplyMail(
  app: FastifyInstance,
  envelope: { from: string; to: string[] },
  raw: Buffer,
): Promise<InboundResult> {
  const idThread = envelope.to.map((to) => threadOfReplyAddress(app.config, to)).find((id) => id !== undefined);
  if (idThread === undefined) return { outcome: 'dropped', reason: 'not-ours' };
  if (!envelope.from) return { outcome: 'dropped', reason: 'bounce' };
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true });
  const autoHeader = mail.headers.get('auto-submitted');
  const auto = (typeof autoHeader === 'string' ? autoHeader : 'no').toLowerCase();
  const contentType = mail.headers.get('content-type');
  const report =
    typeof contentType === 'object' && contentType && 'value' in contentType && contentType.value === 'multipart/report';
  if (auto !== 'no' || report || mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond'))
    return { outcome: 'dropped', reason: 'auto-reply' };

  const thread = await repo.findThread(app.db, idThread);
  if (!thread) return { outcome: 'dropped', reason: 'no-thread' };
  // The reply must come from the address we wrote to: the sender's account, or the address given.
  const account = thread.idUserSender !== null ? await findAccountContact(app.db, thread.idUserSender) : undefined;
  const expected = (account?.email ?? thread.senderEmail ?? '').toLowerCase();
  const from = firstAddress(mail.from);
  if (!expected || from !== expected) return { outcome: 'dropped', reason: 'other-sender' };

  const text = stripQuotedText(mail.text ?? '').slice(0, MAX_TEXT);
  if (!text) return { outcome: 'dropped', reason: 'empty' };

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
    // The signed address went only to the sender's mailbox, as the e-mailed link does: the answer
    // proves the address the same way (ADR 0045).
    const idThreadToken =
      (await repo.findNewestEmailedTokenId(app.db, idThread)) ??
      (await repo.createThreadTokenRow(app.db, idThread, app.clock(), true));
    access = {
      thread,
      reader: { kind: 'token', idThreadToken, token: '', emailed: true },
      lastReadTimestamp: null,
      unread: false,
    };
  }
  await postReaderMessage(app, access, text);
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
      if (threadOfReplyAddress(app.config, address.address) === undefined) {
        const err = Object.assign(new Error('No such recipient here'), { responseCode: 550 });
        callback(err);
        return;
      }
      callback();
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
        };
        receiveReplyMail(app, envelope, Buffer.concat(chunks))
          .then((result) => {
            app.log.info({ inboundMail: result }, 'reply by e-mail');
            callback();
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
