import type { FastifyInstance } from 'fastify';
import { firstName } from '@fretline/contract';
import type { Database } from '@fretline/db';
import { enqueueMail, escapeHtml, unsubscribeLinks } from '../../platform/mail/index.ts';
import { findAccountContact, findAccountContacts } from '../auth/index.ts';
import * as repo from './messages.repository.ts';
import type { ThreadRow } from './messages.repository.ts';
import { replyAddress } from './reply-address.ts';
import { createThreadTokenString } from './thread-tokens.ts';

/**
 * Where the sender reads the reply: a registered sender their inbox, a signed-out sender the token
 * link (ADR 0025). That is always an e-mailed token, never the form's: following it proves the
 * address (ADR 0045). A fresh one is made when every earlier one was revoked.
 */
async function threadLinkFor(
  app: FastifyInstance,
  db: Database,
  thread: ThreadRow,
): Promise<{ link: string; idThreadToken: number }> {
  const base = `${app.config.SITE_URL}/messages/${thread.idThread}`;
  if (thread.idUserSender !== null) return { link: base, idThreadToken: 0 };
  const idThreadToken =
    (await repo.findNewestEmailedTokenId(db, thread.idThread)) ??
    (await repo.createThreadTokenRow(db, thread.idThread, app.clock(), true));
  return { link: `${base}/${createThreadTokenString(app.config.SECRET_KEY, idThreadToken, thread.idThread)}`, idThreadToken };
}

/**
 * E-mails the thread's sender that staff replied, with the link and the unsubscribe links. A
 * registered sender is written to at their account's address (the link opens their inbox) and
 * not at all once they have turned e-mail notifications off (the unsubscribe link, or their
 * preferences): the reply waits in their inbox, under the unread badge. A sender without an
 * account always gets it: the e-mail is their only way to the conversation.
 */
export async function notifySenderOfStaffReply(
  app: FastifyInstance,
  db: Database,
  thread: ThreadRow,
  reply: { staffFirstName: string | null; content: string },
): Promise<void> {
  const contact = thread.idUserSender !== null ? await findAccountContact(db, thread.idUserSender) : undefined;
  if (contact && !contact.notificationsEmails) return;
  const to = contact?.email ?? thread.senderEmail;
  if (!to) return;
  // Names are written as on every page (product.md#entities, the contract's name rules), whatever case they were typed in.
  const name = firstName({ first_name: thread.senderFirstName ?? contact?.firstName ?? null }) ?? 'there';
  const staffName = firstName({ first_name: reply.staffFirstName });
  const { link, idThreadToken } = await threadLinkFor(app, db, thread);
  // The mail client's one-click unsubscribe leaves the mailers only: it must not also stop the
  // replies to the sender's own question. The footer's first link still stops every e-mail.
  const links = unsubscribeLinks(app.config, to, 'mailers');
  const from = staffName ? `${staffName} from the Fretline team` : 'The Fretline team';
  const subject = thread.threadTitle ? `New reply: ${thread.threadTitle}` : 'You have a new reply from Fretline';
  // ADR 0060: with replies by e-mail on, answering this e-mail lands in the thread; the address is
  // bound to the link's token, so revoking the link retires it too.
  const replyTo = replyAddress(app.config, { idThread: thread.idThread, idThreadToken }, app.clock());
  const answerHow = replyTo ? 'Reply to this e-mail, or read the conversation and reply here' : 'Read the conversation and reply';
  const text = [
    `Hi ${name},`,
    '',
    `${from} has replied to your message:`,
    '',
    reply.content,
    '',
    `${answerHow}: ${link}`,
    '',
    '—',
    `Stop these e-mails: ${links.unsubscribeUrl}`,
    `Mailer preferences: ${links.mailersUrl}`,
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(name)},</p>`,
    `<p>${escapeHtml(from)} has replied to your message:</p>`,
    `<blockquote style="white-space:pre-wrap;border-left:3px solid #f97316;margin:0;padding:0 0 0 12px">${escapeHtml(reply.content)}</blockquote>`,
    replyTo
      ? `<p>Reply to this e-mail, or <a href="${escapeHtml(link)}">read the conversation and reply here</a>.</p>`
      : `<p><a href="${escapeHtml(link)}">Read the conversation and reply</a></p>`,
    `<p style="font-size:12px;color:#78716c"><a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a> · <a href="${escapeHtml(
      links.mailersUrl,
    )}">Mailer preferences</a></p>`,
  ].join('\n');
  const headers = replyTo ? { ...links.listUnsubscribeHeaders, 'Reply-To': replyTo } : links.listUnsubscribeHeaders;
  await enqueueMail(db, { to, subject, text, html, category: 'transactional', headers });
}

/**
 * ADR 0045 and product.md#roles: a signed-out helpdesk sender is e-mailed their private link straight away, so
 * closing the success page does not lose the conversation. The e-mail doubles as the proof of
 * address: until its link is followed the message joins no account. Queued in the sender's
 * transaction (`db`), so a refused message sends nothing.
 */
export async function queueHelpdeskReceipt(
  app: FastifyInstance,
  db: Database,
  receipt: { to: string; firstName: string; title: string; message: string; link: string },
): Promise<void> {
  const { to, title, message, link } = receipt;
  // Every e-mail but a sign-in code carries the unsubscribe links (ADR 0012); one click leaves the mailers only.
  const links = unsubscribeLinks(app.config, to, 'mailers');
  const name = firstName({ first_name: receipt.firstName }) ?? 'there';
  const subject = `We have received your message: ${title}`;
  const notYou =
    'If you did not write to us, someone typed your address: ignore this e-mail. Until this link is opened, the message is not added to any account.';
  const text = [
    `Hi ${name},`,
    '',
    'Thanks for contacting Fretline. We will reply by e-mail; you can also read and answer the conversation here:',
    '',
    link,
    '',
    'Keep this link private: it opens the conversation without signing in.',
    '',
    'Your message:',
    '',
    message,
    '',
    '—',
    notYou,
    `Stop these e-mails: ${links.unsubscribeUrl}`,
    `Mailer preferences: ${links.mailersUrl}`,
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(name)},</p>`,
    '<p>Thanks for contacting Fretline. We will reply by e-mail; you can also read and answer the conversation here:</p>',
    `<p><a href="${escapeHtml(link)}">Open your conversation</a></p>`,
    '<p>Keep this link private: it opens the conversation without signing in.</p>',
    '<p>Your message:</p>',
    `<blockquote style="white-space:pre-wrap;border-left:3px solid #f97316;margin:0;padding:0 0 0 12px">${escapeHtml(message)}</blockquote>`,
    `<p style="font-size:12px;color:#78716c">${escapeHtml(notYou)}</p>`,
    `<p style="font-size:12px;color:#78716c"><a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a> · <a href="${escapeHtml(
      links.mailersUrl,
    )}">Mailer preferences</a></p>`,
  ].join('\n');
  await enqueueMail(db, { to, subject, text, html, category: 'transactional', headers: links.listUnsubscribeHeaders });
}

/**
 * Staff who opted in are e-mailed when a sender writes (ADR 0060): the thread's assignee only, when
 * it has one and they opted in; else every opted-in member of staff. Queued in the writer's
 * transaction, so a refused message e-mails nobody. The e-mail carries the inbox link, never the
 * sender's token.
 */
export async function notifyStaffOfNewMessage(
  app: FastifyInstance,
  db: Database,
  thread: { idThread: number; idUserAssigned: number | null; threadTitle: string | null },
  message: { authorName: string | null; content: string },
): Promise<void> {
  const optedIn = await repo.listNotifiedStaffIds(db);
  if (optedIn.length === 0) return;
  const ids =
    thread.idUserAssigned !== null && optedIn.includes(thread.idUserAssigned)
      ? [thread.idUserAssigned]
      : thread.idUserAssigned !== null
        ? []
        : optedIn;
  if (ids.length === 0) return;
  const contacts = await findAccountContacts(db, ids);
  const link = `${app.config.SITE_URL}/staff/inbox/${thread.idThread}`;
  const who = message.authorName ?? 'A visitor';
  const subject = `New message from ${who}: ${thread.threadTitle ?? 'Helpdesk'}`;
  for (const contact of contacts.values()) {
    const text = [
      `${who} wrote:`,
      '',
      message.content,
      '',
      `Answer it in the inbox: ${link}`,
      '',
      '—',
      'You get these because you turned on new-message e-mails on the Saved replies page of the staff console.',
    ].join('\n');
    const html = [
      `<p>${escapeHtml(who)} wrote:</p>`,
      `<blockquote style="white-space:pre-wrap;border-left:3px solid #f97316;margin:0;padding:0 0 0 12px">${escapeHtml(message.content)}</blockquote>`,
      `<p><a href="${escapeHtml(link)}">Answer it in the inbox</a></p>`,
      '<p style="font-size:12px;color:#78716c">You get these because you turned on new-message e-mails on the Saved replies page of the staff console.</p>',
    ].join('\n');
    await enqueueMail(db, { to: contact.email, subject, text, html, category: 'transactional' });
  }
}
