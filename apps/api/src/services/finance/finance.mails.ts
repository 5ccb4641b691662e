import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DEFAULT_TIME_ZONE, formatDateInZone, isIanaTimeZone } from '@fretline/contract';
import { tables, type Database } from '@fretline/db';
import type { Config } from '../../config.ts';
import { enqueueMail, escapeHtml, unsubscribeLinks } from '../../platform/mail/index.ts';

/** The billing e-mails (ADR 0020). Each carries the unsubscribe links every non-passcode e-mail must have. */
export type FinanceMail =
  | { kind: 'subscription-confirmed'; productName: string; planName: string; trialEnd: Date | null }
  | {
      kind: 'payment-failed';
      productName: string;
      idSubscription: number;
      firstPayment: boolean;
      /** When the provider tries again by itself, if it will. */
      nextAttempt: Date | null;
    }
  | { kind: 'trial-ending'; productName: string; planName: string; price: number; trialEnd: Date; idSubscription: number }
  | { kind: 'cancellation-confirmed'; productName: string; accessUntil: Date | null }
  | { kind: 'cancellation-undone'; productName: string; renewsOn: Date | null; idSubscription: number }
  | {
      kind: 'renewal-receipt';
      productName: string;
      planName: string;
      total: number;
      periodEnd: Date | null;
      idSubscription: number;
    };

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The member's IANA time zone, stored by the auth service from their browser; handed to finance by
 * buildApp (finance cannot import auth, which imports finance). Null when never told.
 */
export type TimeZoneOf = (db: Database, idUser: number) => Promise<string | null>;

const formatGbp = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** A usable zone: the member's, else the business's own (product.md#lifecycle-e-mails). */
export const memberZone = (zone: string | null | undefined) => (zone && isIanaTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);

/** 'Mar 5th, 2027' on the member's calendar: the long date format every page uses too (product.md#constants). */
const longDate = (d: Date, zone: string) => formatDateInZone(d, 'long', zone);

/** The local hour (in the member's zone) a reminder goes at: the morning of its day, not the small hours. */
const REMINDER_LOCAL_HOUR = 10;

/**
 * The last REMINDER_LOCAL_HOUR o'clock in the member's zone at or before `at`: the reminder comes
 * in their morning and never gives less notice than promised.
 */
export function atLocalMorning(at: Date, zone: string): Date {
  const sameDay = dayjs(at).tz(zone).hour(REMINDER_LOCAL_HOUR).minute(0).second(0).millisecond(0);
  return (sameDay.isAfter(at) ? sameDay.subtract(1, 'day') : sameDay).toDate();
}

function compose(
  mail: FinanceMail,
  site: string,
  zone: string,
): { subject: string; paragraphs: string[]; link?: { label: string; url: string } } {
  switch (mail.kind) {
    case 'subscription-confirmed':
      return {
        subject: `Welcome to ${mail.productName}`,
        paragraphs: [
          `Your ${mail.productName} membership (${mail.planName}) is active: every premium lesson, song and course is open to you now.`,
          mail.trialEnd
            ? `Your free trial runs until ${longDate(mail.trialEnd, zone)}. We'll remind you three days before your first payment, and you can cancel any time before then without being charged.`
            : 'Your receipt is on your subscription page.',
        ],
        link: { label: 'Start learning', url: `${site}/courses` },
      };
    case 'payment-failed':
      return {
        subject: `Your ${mail.productName} payment didn't go through`,
        paragraphs: [
          mail.firstPayment
            ? `We couldn't take the first payment for your ${mail.productName} membership, so it hasn't started yet.`
            : `We couldn't take the latest payment for your ${mail.productName} membership, so your access is paused.`,
          mail.nextAttempt
            ? `We'll try your card again on ${longDate(mail.nextAttempt, zone)}. To pay sooner, or with another card, add a new card on your subscription page and we will try again straight away.`
            : 'Please add a new card on your subscription page and we will try again straight away.',
        ],
        link: { label: 'Update your card', url: `${site}/me/subscriptions/${mail.idSubscription}` },
      };
    case 'trial-ending':
      return {
        subject: `Your free trial ends on ${longDate(mail.trialEnd, zone)}`,
        paragraphs: [
          `Your ${mail.productName} free trial ends on ${longDate(mail.trialEnd, zone)}. Your ${mail.planName} plan then starts and your card will be charged ${formatGbp(mail.price)}.`,
          'Nothing to do if you want to carry on. If not, cancel before then and you will not be charged.',
          `Cancel: ${site}/me/subscriptions/${mail.idSubscription}/cancel`,
          `Change your card: ${site}/me/subscriptions/${mail.idSubscription}#cards`,
        ],
        link: { label: 'Manage your membership', url: `${site}/me/subscriptions/${mail.idSubscription}` },
      };
    case 'renewal-receipt':
      return {
        subject: `Your ${mail.productName} membership has renewed`,
        paragraphs: [
          `Thanks: we've taken ${formatGbp(mail.total)} for your ${mail.productName} membership (${mail.planName}).`,
          mail.periodEnd
            ? `It now runs until ${longDate(mail.periodEnd, zone)}. Your invoices are on your subscription page.`
            : 'Your invoices are on your subscription page.',
        ],
        link: { label: 'See your invoices', url: `${site}/me/subscriptions/${mail.idSubscription}` },
      };
    case 'cancellation-confirmed':
      return {
        subject: `Your ${mail.productName} membership has been cancelled`,
        paragraphs: [
          mail.accessUntil
            ? `We've cancelled your ${mail.productName} membership. You won't be charged again, and you keep access until ${longDate(mail.accessUntil, zone)}.`
            : `We've cancelled your ${mail.productName} membership. You won't be charged again.`,
          "Thanks for learning with us. You're welcome back any time.",
        ],
        link: { label: 'See the membership', url: `${site}/membership` },
      };
    case 'cancellation-undone':
      return {
        subject: `Your ${mail.productName} membership carries on`,
        paragraphs: [
          mail.renewsOn
            ? `You've undone your cancellation, so your ${mail.productName} membership carries on and renews on ${longDate(mail.renewsOn, zone)}.`
            : `You've undone your cancellation, so your ${mail.productName} membership carries on.`,
          'Nothing else changes: the same plan, the same card.',
        ],
        link: { label: 'Manage your membership', url: `${site}/me/subscriptions/${mail.idSubscription}` },
      };
  }
}

/**
 * A lifecycle e-mail (product.md#lifecycle-e-mails): recorded as (subscription, kind, key) and queued
 * in the same transaction, so whichever instance, retry or redelivered event gets there first sends
 * it and every other one finds the row and sends nothing. Returns whether it was queued.
 */
export async function sendLifecycleMail(
  db: Database,
  config: Config,
  now: Date,
  to: { email: string; timeZone: string | null },
  idSubscription: number,
  key: string,
  mail: FinanceMail,
): Promise<boolean> {
  const zone = memberZone(to.timeZone);
  const { subject } = compose(mail, config.SITE_URL, zone);
  const t = tables.lifecycleMails;
  const inserted = await db
    .insert(t)
    .values({ fkSubscription: idSubscription, mailKind: mail.kind, mailKey: key, mailSubject: subject, mailCreated: now })
    .onConflictDoNothing()
    .returning({ id: t.idLifecycleMail });
  if (inserted.length === 0) return false;
  await enqueueFinanceMail(db, config, to.email, mail, zone);
  return true;
}

/** Queues a billing e-mail in the same transaction as the change it reports (sent once, only if it commits). */
async function enqueueFinanceMail(db: Database, config: Config, to: string, mail: FinanceMail, zone: string): Promise<void> {
  if (!to) return;
  const site = config.SITE_URL;
  const { subject, paragraphs, link } = compose(mail, site, zone);
  const links = unsubscribeLinks(config, to);
  const footer = `You're receiving this because you have a Fretline membership. Unsubscribe from e-mails: ${links.unsubscribeUrl} · Mailers only: ${links.mailersUrl}`;
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), '', footer].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
    `<p style="color:#78716c;font-size:12px">You're receiving this because you have a Fretline membership. <a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a> · <a href="${escapeHtml(links.mailersUrl)}">Unsubscribe from mailers</a></p>`,
  ].join('\n');
  await enqueueMail(db, { to, subject, text, html, category: 'transactional', headers: { ...links.listUnsubscribeHeaders } });
}
