import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql, tables, type DbHandle } from '@fretline/db';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { findDevMail, unsubscribeLinks } from '../../platform/mail/index.ts';
import { bearer, createTestDatabase, createUserWithSession, TestClock } from '../../../test/test-app.ts';
import { handleDigest, nextDigestRun, startDigest } from './digest.service.ts';
import { mailerFigures } from './index.ts';
import { createMediaStore } from '../../platform/media/index.ts';

/*
 * The mailers (product.md#mailers, ADR 0066): audiences, opt-outs read when each message is
 * built, one copy per person across retries and two job runners on one database, scheduling on
 * the injected clock, the figures, the weekly digest, and the guards.
 */

type User = Awaited<ReturnType<typeof createUserWithSession>>;

let handle: DbHandle;
let drop: () => Promise<void>;
let app: FastifyInstance;
let second: FastifyInstance;
const clock = new TestClock();
const config = testConfig();
let staff: User;
let learner: User;
const people: Record<string, User> = {};
let idCourse: number;
let idProduct: number;
let idPlan: number;

const db = () => handle.db;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function person(key: string, options: { mailers?: boolean } = {}): Promise<User> {
  const user = await createUserWithSession(db(), { email: `${key}@mailers.example.com` });
  await db()
    .update(tables.users)
    .set({ notificationsMailers: options.mailers ?? true })
    .where(eq(tables.users.idUser, user.idUser));
  people[key] = user;
  return user;
}

async function subscribe(idUser: number, values: Partial<typeof tables.subscriptions.$inferInsert>) {
  return db()
    .insert(tables.subscriptions)
    .values({
      idUser,
      idSubscriptionProduct: idProduct,
      fkPlanSubscription: idPlan,
      subscriptionStatus: 'active',
      provider: 'sandbox',
      idempotencyKey: `k-${idUser}-${Math.random()}`,
      initialPaymentMethodId: 'pm_card_visa',
      ...values,
    })
    .returning({ idSubscription: tables.subscriptions.idSubscription });
}

beforeAll(async () => {
  ({ handle, drop } = await createTestDatabase());
  app = await buildApp({ config, db: handle, clock: () => clock.now() });
  second = await buildApp({ config, db: handle, clock: () => clock.now() });
  await Promise.all([app.ready(), second.ready()]);
  staff = await createUserWithSession(db(), { email: 'writer@mailers.example.com', roles: ['Staff'] });
  learner = await createUserWithSession(db(), { email: 'nostaff@mailers.example.com' });
  const [product] = await db()
    .insert(tables.subscriptionProducts)
    .values({ subscriptionProductSlug: 'access-all-areas', subscriptionProductName: 'Access All Areas' })
    .returning();
  idProduct = product!.idSubscriptionProduct;
  const [plan] = await db()
    .insert(tables.subscriptionPlans)
    .values({
      fkProductPlan: idProduct,
      subscriptionPlanName: 'Monthly',
      subscriptionPlanInterval: 'month',
      subscriptionPlanPrice: 1000,
    })
    .returning();
  idPlan = plan!.idSubscriptionPlan;
  const [course] = await db()
    .insert(tables.courses)
    .values({ courseSlug: 'blues-basics', courseTitle: 'Blues basics' })
    .returning();
  idCourse = course!.idCourse;

  const now = clock.now();
  const day = 86_400_000;
  await subscribe((await person('member')).idUser, { currentPeriodEnd: new Date(now.getTime() + 20 * day) });
  await subscribe((await person('trialist')).idUser, { trialEnd: new Date(now.getTime() + 5 * day) });
  const [lapsed] = await subscribe((await person('lapsed')).idUser, {
    subscriptionStatus: 'cancelled',
    currentPeriodEnd: new Date(now.getTime() - day),
  });
  // Lapsed means they paid once: a paid invoice (a £0 trial invoice counts as having been a member).
  await db()
    .insert(tables.invoices)
    .values({
      fkSubscription: lapsed!.idSubscription,
      idUser: people.lapsed!.idUser,
      providerInvoiceId: 'in_lapsed_1',
      stripeInvoiceTotal: 1000,
      stripeInvoiceStatus: 'paid',
      stripeInvoiceCreated: new Date(now.getTime() - 40 * day),
    });
  // The first payment never went through: never a member, so a free learner, not a lapsed one.
  await subscribe((await person('declined')).idUser, {
    subscriptionStatus: 'cancelled',
    endReason: 'payment_failed',
    currentPeriodEnd: new Date(now.getTime() - day),
  });
  // Cancelled but paid until next week: still a member.
  await subscribe((await person('leaving')).idUser, {
    subscriptionStatus: 'cancelled',
    currentPeriodEnd: new Date(now.getTime() + 7 * day),
  });
  await person('free');
  // A draft never reached the provider: still a free learner.
  await subscribe((await person('drafted')).idUser, { subscriptionStatus: 'draft' });
  await person('quiet', { mailers: false });
  await subscribe(people.quiet!.idUser, {});
  await db()
    .insert(tables.courseProgress)
    .values([
      { idUser: people.free!.idUser, idCourse },
      { idUser: people.member!.idUser, idCourse },
      { idUser: people.quiet!.idUser, idCourse },
    ]);
});

afterAll(async () => {
  await second.close();
  await app.close();
  await drop();
});

interface MailerBody {
  id_mailer: number;
  mailer_status: string;
  mailer_body: string;
  counts: { recipients: number; queued: number; sent: number; skipped: number; failed: number };
}

async function createMailer(body: Record<string, unknown>): Promise<MailerBody> {
  const res = await call('POST', '/api/mailers/mailers', staff.token, {
    mailer_subject: 'News from the studio',
    mailer_body: '<p>Hello <strong>players</strong></p>',
    mailer_audience: 'all',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { mailer: MailerBody } }>().data.mailer;
}

const getMailer = async (id: number) =>
  (await call('GET', `/api/mailers/mailers/${id}`, staff.token)).json<{ data: { mailer: MailerBody } }>().data.mailer;

const mailsTo = async (key: string, subject: string) =>
  (await findDevMail(db(), people[key]!.email)).filter((m) => m.subject === subject);

describe('the guards', () => {
  it('answers 401 signed out and 403 to a learner, and changes nothing', async () => {
    expect((await call('GET', '/api/mailers/mailers')).statusCode).toBe(401);
    expect((await call('GET', '/api/mailers/mailers', learner.token)).statusCode).toBe(403);
    const res = await call('POST', '/api/mailers/mailers', learner.token, {
      mailer_subject: 'x',
      mailer_body: 'x',
      mailer_audience: 'all',
    });
    expect(res.statusCode).toBe(403);
    expect(await db().select().from(tables.mailers)).toHaveLength(0);
  });

  it('refuses bad input with a clear message', async () => {
    const noSubject = await call('POST', '/api/mailers/mailers', staff.token, {
      mailer_subject: ' ',
      mailer_body: '',
      mailer_audience: 'all',
    });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.body).toContain('Give the mailer a subject.');
    const noCourse = await call('POST', '/api/mailers/mailers', staff.token, {
      mailer_subject: 'x',
      mailer_body: '',
      mailer_audience: 'course',
    });
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.body).toContain('Choose the course');
    const badCourse = await call('POST', '/api/mailers/mailers', staff.token, {
      mailer_subject: 'x',
      mailer_body: '',
      mailer_audience: 'course',
      id_course: 999_999,
    });
    expect(badCourse.statusCode).toBe(400);
    expect(badCourse.body).toContain('That course cannot be found.');
    expect((await call('GET', '/api/mailers/mailers/999999', staff.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/mailers/mailers/abc', staff.token)).statusCode).toBe(400);
    expect(await db().select().from(tables.mailers)).toHaveLength(0);
  });

  it('keeps what staff may write and drops scripts and unknown markup', async () => {
    const mailer = await createMailer({
      mailer_body:
        '<p onclick="x()">Hi<script>alert(1)</script></p><img src="https://evil.example/x.png" data-media-path="uploads/a.png" onerror="x">' +
        '<div data-lesson-card="blues-1" data-title="Blues &amp; more" data-image=""><img src="y"><strong>Blues</strong></div><iframe src="x"></iframe>',
    });
    expect(mailer.mailer_body).not.toMatch(/script|onclick|onerror|iframe/);
    expect(mailer.mailer_body).toContain('<div data-lesson-card="blues-1" data-title="Blues &amp; more" data-image></div>');
    expect(mailer.mailer_body).toMatch(
      /<img src="\/api\/videos\/media\/uploads\/a\.png\?exp=\d+&amp;sig=[^"]+" data-media-path="uploads\/a.png" \/>/,
    );
    expect((await call('DELETE', `/api/mailers/mailers/${mailer.id_mailer}`, staff.token)).statusCode).toBe(204);
  });
});

describe('audiences', () => {
  const count = async (query: string) => {
    const res = await call('GET', `/api/mailers/audience?${query}`, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { count: number } }>().data.count;
  };

  it('counts each audience among those who take mailers', async () => {
    // Opted in: member, trialist, lapsed, leaving, free, drafted, declined; quiet is opted out.
    expect(await count('mailer_audience=all')).toBe(7);
    expect(await count('mailer_audience=members')).toBe(2); // member, leaving
    expect(await count('mailer_audience=trialists')).toBe(1);
    expect(await count('mailer_audience=lapsed')).toBe(1);
    expect(await count('mailer_audience=free')).toBe(3); // free, drafted, declined
    expect(await count(`mailer_audience=course&id_course=${idCourse}`)).toBe(2); // free, member (quiet opted out)
    expect((await call('GET', '/api/mailers/audience?mailer_audience=everyone', staff.token)).statusCode).toBe(400);
  });

  it('sends a course mailer to its opted-in learners only, with the RFC 8058 headers', async () => {
    const mailer = await createMailer({ mailer_subject: 'Course news', mailer_audience: 'course', id_course: idCourse });
    const res = await call('POST', `/api/mailers/mailers/${mailer.id_mailer}/send`, staff.token, {});
    expect(res.statusCode, res.body).toBe(200);
    while ((await runDueJobs(app)) > 0);
    expect(await mailsTo('free', 'Course news')).toHaveLength(1);
    expect(await mailsTo('member', 'Course news')).toHaveLength(1);
    expect(await mailsTo('quiet', 'Course news')).toHaveLength(0);
    expect(await mailsTo('trialist', 'Course news')).toHaveLength(0);
    const [mail] = await mailsTo('free', 'Course news');
    const links = unsubscribeLinks(config, people.free!.email, 'mailers');
    expect(mail!.headers).toMatchObject(links.listUnsubscribeHeaders);
    expect(mail!.headers['List-Unsubscribe']).toMatch(/^<http.*\/api\/auth\/me\/unsubscribes\/mailers\?email=.*&token=.*>$/);
    expect(mail!.html).toContain(links.mailersUrl);
    const done = await getMailer(mailer.id_mailer);
    expect(done).toMatchObject({ mailer_status: 'sent', counts: { recipients: 2, sent: 2, queued: 0, skipped: 0, failed: 0 } });
  });

  it('refuses to change or resend a mailer once it has started', async () => {
    const [sent] = await db().select().from(tables.mailers).where(eq(tables.mailers.mailerStatus, 'sent'));
    const again = await call('POST', `/api/mailers/mailers/${sent!.idMailer}/send`, staff.token, {});
    expect(again.statusCode).toBe(409);
    const edit = await call('PUT', `/api/mailers/mailers/${sent!.idMailer}`, staff.token, {
      mailer_subject: 'Changed',
      mailer_body: '<p>x</p>',
      mailer_audience: 'all',
    });
    expect(edit.statusCode).toBe(409);
  });
});

describe('sending', () => {
  it('reads opt-outs when each message is built, not when the send started', async () => {
    const mailer = await createMailer({ mailer_subject: 'Members only', mailer_audience: 'members' });
    await call('POST', `/api/mailers/mailers/${mailer.id_mailer}/send`, staff.token, {});
    // The start job lists member and leaving…
    await runDueJobs(app, { types: ['mailers.start'] });
    expect((await getMailer(mailer.id_mailer)).counts).toMatchObject({ recipients: 2, queued: 2 });
    // …then "leaving" clicks an unsubscribe link before the batch runs.
    const links = unsubscribeLinks(config, people.leaving!.email, 'mailers');
    const oneClick = await app.inject({
      method: 'POST',
      url: links.listUnsubscribeHeaders['List-Unsubscribe'].slice(1, -1).replace(/^https?:\/\/[^/]+/, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    while ((await runDueJobs(app)) > 0);
    expect(await mailsTo('member', 'Members only')).toHaveLength(1);
    expect(await mailsTo('leaving', 'Members only')).toHaveLength(0);
    expect((await getMailer(mailer.id_mailer)).counts).toMatchObject({ recipients: 2, sent: 1, skipped: 1, queued: 0 });
    // The unsubscribe is recorded with its time, once (a second click changes nothing).
    await app.inject({
      method: 'POST',
      url: '/api/auth/me/unsubscribes/mailers',
      payload: {
        email: people.leaving!.email,
        token: links.listUnsubscribeHeaders['List-Unsubscribe'].match(/token=([^>&]+)/)![1],
      },
    });
    const events = await db()
      .select()
      .from(tables.unsubscribeEvents)
      .where(eq(tables.unsubscribeEvents.idUser, people.leaving!.idUser));
    expect(events).toHaveLength(1);
    // Back in for the tests below.
    await db().update(tables.users).set({ notificationsMailers: true }).where(eq(tables.users.idUser, people.leaving!.idUser));
  });

  it('sends everyone exactly one copy when two job runners share the send', async () => {
    // 130 more opted-in learners: three batches beside the seven people above.
    const many = await db()
      .insert(tables.users)
      .values(Array.from({ length: 130 }, (_, i) => ({ email: `crowd-${i}@mailers.example.com`, notificationsMailers: true })))
      .returning({ idUser: tables.users.idUser });
    const mailer = await createMailer({ mailer_subject: 'Big send', mailer_audience: 'all' });
    await call('POST', `/api/mailers/mailers/${mailer.id_mailer}/send`, staff.token, {});
    // Both runners poll at once, again and again, until nothing is due (mail jobs included).
    for (;;) {
      const [a, b] = await Promise.all([runDueJobs(app), runDueJobs(second)]);
      if (a + b === 0) break;
    }
    const total = many.length + 7;
    const mails = await db()
      .select({ to: tables.devMail.mailTo })
      .from(tables.devMail)
      .where(eq(tables.devMail.subject, 'Big send'));
    expect(mails).toHaveLength(total);
    expect(new Set(mails.map((m) => m.to)).size).toBe(total);
    const done = await getMailer(mailer.id_mailer);
    expect(done).toMatchObject({ mailer_status: 'sent', counts: { recipients: total, sent: total, queued: 0 } });
    // A batch job run again (a retry) finds nothing queued and sends nothing.
    const { handleMailerBatch } = await import('./mailers.service.ts');
    await handleMailerBatch(app, createMediaStore({ secret: config.SECRET_KEY, mediaDir: config.MEDIA_DIR }), {
      idMailer: mailer.id_mailer,
    });
    while ((await runDueJobs(app)) > 0);
    expect(await db().select().from(tables.devMail).where(eq(tables.devMail.subject, 'Big send'))).toHaveLength(total);
  });

  it('sends a scheduled mailer when the clock reaches its time, and not before', async () => {
    const mailer = await createMailer({ mailer_subject: 'Later', mailer_audience: 'trialists' });
    const past = await call('POST', `/api/mailers/mailers/${mailer.id_mailer}/send`, staff.token, {
      mailer_scheduled_at: new Date(clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('Pick a time in the future');
    const at = new Date(clock.now().getTime() + 2 * 3_600_000);
    const res = await call('POST', `/api/mailers/mailers/${mailer.id_mailer}/send`, staff.token, {
      mailer_scheduled_at: at.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { mailer: MailerBody } }>().data.mailer.mailer_status).toBe('scheduled');
    while ((await runDueJobs(app)) > 0);
    expect(await mailsTo('trialist', 'Later')).toHaveLength(0);
    // Moved to later still: the first job wakes, finds it not due, and leaves it.
    const later = new Date(at.getTime() + 3_600_000);
    await call('POST', `/api/mailers/mailers/${mailer.id_mailer}/send`, staff.token, {
      mailer_scheduled_at: later.toISOString(),
    });
    clock.advance(2 * 3_600_000 + 1_000);
    while ((await runDueJobs(app)) > 0);
    expect(await mailsTo('trialist', 'Later')).toHaveLength(0);
    clock.advance(3_600_000);
    while ((await runDueJobs(app)) > 0);
    expect(await mailsTo('trialist', 'Later')).toHaveLength(1);
    expect((await getMailer(mailer.id_mailer)).mailer_status).toBe('sent');
  });

  it('takes a scheduled mailer back to draft, and then sends nothing', async () => {
    const mailer = await createMailer({ mailer_subject: 'Never mind', mailer_audience: 'lapsed' });
    await call('POST', `/api/mailers/mailers/${mailer.id_mailer}/send`, staff.token, {
      mailer_scheduled_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const back = await call('DELETE', `/api/mailers/mailers/${mailer.id_mailer}/schedule`, staff.token);
    expect(back.statusCode).toBe(200);
    clock.advance(120_000);
    while ((await runDueJobs(app)) > 0);
    expect(await mailsTo('lapsed', 'Never mind')).toHaveLength(0);
    expect((await getMailer(mailer.id_mailer)).mailer_status).toBe('draft');
  });

  it('sends a test to the staff member only, and a preview shows the e-mail', async () => {
    const mailer = await createMailer({ mailer_subject: 'Try me' });
    const res = await call('POST', `/api/mailers/mailers/${mailer.id_mailer}/test`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { sent_to: string } }>().data.sent_to).toBe(staff.email);
    while ((await runDueJobs(app)) > 0);
    const mine = (await findDevMail(db(), staff.email)).filter((m) => m.subject === '[Test] Try me');
    expect(mine).toHaveLength(1);
    expect((await getMailer(mailer.id_mailer)).counts.recipients).toBe(0);
    const preview = await call('POST', '/api/mailers/preview', staff.token, {
      mailer_subject: 'P',
      mailer_body: '<p>Hello there</p>',
    });
    expect(preview.json<{ data: { html: string } }>().data.html).toContain('Hello there');
  });
});

describe('pictures', () => {
  const img = (path: string) => `<p>Look</p><img src="/x" data-media-path="${path}" alt="">`;
  const refused = (res: Awaited<ReturnType<typeof call>>, path: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ errors: Array<{ code: string; field: string }> }>().errors[0]).toEqual(
      expect.objectContaining({ code: 'MAILER_IMAGE_REFUSED', field: 'mailer_body' }),
    );
    expect(res.body).toContain(path);
  };

  it('refuses a premium lesson’s files, streams and non-pictures, and keeps library pictures and posters', async () => {
    const [premium] = await db()
      .insert(tables.videos)
      .values({
        videoSlug: 'secret-solo',
        videoTitle: 'Secret solo',
        videoCategory: 'lesson',
        videoPremium: true,
        streamPoster: 'streams/9/poster-1.jpg',
      })
      .returning();
    await db()
      .insert(tables.videoSections)
      .values({ idVideo: premium!.idVideo, sectionType: 'asset', assetPath: 'uploads/2026/11/ab12-solo-tab.png' });
    const before = await db().select().from(tables.mailers);
    for (const path of [
      'uploads/2026/11/ab12-solo-tab.png',
      'streams/9/720p/index.m3u8',
      'uploads/2026/11/ab12-notes.pdf',
      'streams/9/secret.jpg',
    ]) {
      const res = await call('POST', '/api/mailers/mailers', staff.token, {
        mailer_subject: 'Sneaky',
        mailer_body: img(path),
        mailer_audience: 'all',
      });
      refused(res, path);
      refused(await call('POST', '/api/mailers/preview', staff.token, { mailer_subject: 'P', mailer_body: img(path) }), path);
    }
    const card =
      '<div data-lesson-card="secret-solo" data-title="Secret solo" data-image="uploads/2026/11/ab12-solo-tab.png"></div>';
    refused(
      await call('POST', '/api/mailers/mailers', staff.token, {
        mailer_subject: 'Card',
        mailer_body: card,
        mailer_audience: 'all',
      }),
      'uploads/2026/11/ab12-solo-tab.png',
    );
    expect(await db().select().from(tables.mailers)).toEqual(before);

    // A library picture, and a lesson card showing the lesson's own (public) poster, are kept.
    const kept = await createMailer({
      mailer_body: `${img('uploads/2026/11/cd34-studio.jpg')}<div data-lesson-card="secret-solo" data-title="Secret solo" data-image="streams/9/poster-1.jpg"></div>`,
    });
    const update = await call('PUT', `/api/mailers/mailers/${kept.id_mailer}`, staff.token, {
      mailer_subject: 'News from the studio',
      mailer_body: img('uploads/2026/11/ab12-solo-tab.png'),
      mailer_audience: 'all',
    });
    refused(update, 'uploads/2026/11/ab12-solo-tab.png');
    expect((await getMailer(kept.id_mailer)).mailer_body).toContain('cd34-studio.jpg');

    // A draft written before the rule cannot be tested or sent either.
    await db()
      .update(tables.mailers)
      .set({ mailerBody: img('uploads/2026/11/ab12-solo-tab.png') })
      .where(eq(tables.mailers.idMailer, kept.id_mailer));
    refused(await call('POST', `/api/mailers/mailers/${kept.id_mailer}/test`, staff.token), 'uploads/2026/11/ab12-solo-tab.png');
    refused(
      await call('POST', `/api/mailers/mailers/${kept.id_mailer}/send`, staff.token, {}),
      'uploads/2026/11/ab12-solo-tab.png',
    );
    expect((await getMailer(kept.id_mailer)).mailer_status).toBe('draft');
    expect((await call('DELETE', `/api/mailers/mailers/${kept.id_mailer}`, staff.token)).statusCode).toBe(204);
    await db().delete(tables.videos).where(eq(tables.videos.idVideo, premium!.idVideo));
  });
});

describe('mailerFigures', () => {
  it('counts sent, failed and unsubscribes in [from, to)', async () => {
    const from = new Date('2031-01-01T00:00:00Z');
    const to = new Date('2031-02-01T00:00:00Z');
    const [m] = await db().insert(tables.mailers).values({ mailerSubject: 'Figures', mailerStatus: 'sent' }).returning();
    const u = (k: string) => people[k]!.idUser;
    await db()
      .insert(tables.mailerRecipients)
      .values([
        { idMailer: m!.idMailer, idUser: u('member'), recipientStatus: 'sent', recipientUpdated: from },
        {
          idMailer: m!.idMailer,
          idUser: u('trialist'),
          recipientStatus: 'sent',
          recipientUpdated: new Date('2031-01-31T23:59:59Z'),
        },
        {
          idMailer: m!.idMailer,
          idUser: u('free'),
          recipientStatus: 'failed',
          recipientUpdated: new Date('2031-01-15T00:00:00Z'),
        },
        { idMailer: m!.idMailer, idUser: u('lapsed'), recipientStatus: 'sent', recipientUpdated: to }, // outside
        { idMailer: m!.idMailer, idUser: u('drafted'), recipientStatus: 'skipped', recipientUpdated: from }, // not counted
      ]);
    await db()
      .insert(tables.unsubscribeEvents)
      .values([
        { idUser: u('member'), unsubscribeList: 'mailers', unsubscribeCreated: new Date('2031-01-10T00:00:00Z') },
        { idUser: u('free'), unsubscribeList: 'emails', unsubscribeCreated: new Date('2031-01-20T00:00:00Z') },
        { idUser: u('free'), unsubscribeList: 'mailers', unsubscribeCreated: new Date('2030-12-31T23:59:59Z') }, // outside
      ]);
    expect(await mailerFigures(db(), { from, to })).toEqual({ sent: 2, failed: 1, unsubscribes: 2 });
  });
});

describe('the weekly digest', () => {
  it('takes and stops the digest for the signed-in user only', async () => {
    expect((await call('GET', '/api/mailers/me/digest')).statusCode).toBe(401);
    const on = await call('PUT', '/api/mailers/me/digest', people.free!.token, { digest: true });
    expect(on.json<{ data: { digest: boolean } }>().data.digest).toBe(true);
    expect(
      (await call('GET', '/api/mailers/me/digest', people.member!.token)).json<{ data: { digest: boolean } }>().data.digest,
    ).toBe(false);
    expect((await call('PUT', '/api/mailers/me/digest', people.free!.token, { digest: 'maybe' })).statusCode).toBe(400);
    await call('PUT', '/api/mailers/me/digest', people.quiet!.token, { digest: true });
  });

  it('sends the week’s new lessons once per person and week, whoever runs it', async () => {
    // A lesson filmed long ago and published now (as the scheduler does) is this week's news; one
    // published nine days before the digest's Monday is not, whenever either was created.
    const longAgo = new Date(clock.now().getTime() - 60 * 86_400_000);
    const [draft] = await db()
      .insert(tables.videos)
      .values({
        videoSlug: 'new-riff',
        videoTitle: 'A new riff',
        videoCategory: 'lesson',
        videoPublished: false,
        videoCreated: longAgo,
      })
      .returning({ idVideo: tables.videos.idVideo });
    const [published] = await db()
      .update(tables.videos)
      .set({ videoPublished: true })
      .where(eq(tables.videos.idVideo, draft!.idVideo))
      .returning({ at: tables.videos.videoFirstPublished });
    expect(published!.at, 'the database marks the first publication').toBeInstanceOf(Date);
    // The digest covers the week before its Monday: early on a Monday, that is next Monday's.
    let run = nextDigestRun(published!.at!);
    if (new Date(`${run.week}T00:00:00Z`) <= published!.at!) run = nextDigestRun(new Date(run.runAt.getTime() + 1));
    const { week, runAt } = run;
    const monday = new Date(`${week}T00:00:00Z`);
    await db()
      .insert(tables.videos)
      .values({
        videoSlug: 'old-riff',
        videoTitle: 'An old riff',
        videoCategory: 'lesson',
        videoCreated: longAgo,
        videoFirstPublished: new Date(monday.getTime() - 9 * 86_400_000),
      });
    clock.advance(Math.max(0, runAt.getTime() - clock.now().getTime()) + 1_000);
    const store = createMediaStore({ secret: config.SECRET_KEY, mediaDir: config.MEDIA_DIR });
    await Promise.all([handleDigest(app, store, { week }), handleDigest(second, store, { week })]);
    await handleDigest(app, store, { week });
    while ((await runDueJobs(app)) > 0);
    const digests = (await findDevMail(db(), people.free!.email)).filter((m) => m.subject === 'A new lesson this week');
    expect(digests).toHaveLength(1);
    expect(digests[0]!.html).toContain('A new riff');
    expect(digests[0]!.html).not.toContain('An old riff');
    expect(digests[0]!.html).toContain('/videos/new-riff');
    // Asked for the digest but takes no mailers: nothing.
    expect((await findDevMail(db(), people.quiet!.email)).filter((m) => m.subject.includes('this week'))).toHaveLength(0);
    // The next week's job is queued once.
    const next = await db()
      .select()
      .from(tables.jobs)
      .where(and(eq(tables.jobs.type, 'mailers.digest'), eq(tables.jobs.status, 'pending')));
    expect(next).toHaveLength(1);
    // Instances starting (or restarting) while it waits queue no other.
    await Promise.all([startDigest(app), startDigest(second)]);
    await startDigest(app);
    const after = await db()
      .select()
      .from(tables.jobs)
      .where(and(eq(tables.jobs.type, 'mailers.digest'), eq(tables.jobs.status, 'pending')));
    expect(after).toHaveLength(1);
  });
});

describe('a batch the job queue gives up on', () => {
  it('marks its recipients failed and finishes the mailer instead of leaving it sending', async () => {
    // The mail queue refuses every message, as a broken database write would: the batch's
    // transaction fails on each try until the job has used up its attempts.
    await db().execute(
      sql.raw(`create or replace function platform.refuse_mail_jobs() returns trigger language plpgsql as $$
        begin if new.type = 'mail.send' then raise exception 'the mail queue is unavailable'; end if; return new; end $$`),
    );
    await db().execute(
      sql.raw(
        'create trigger refuse_mail_jobs before insert on platform.jobs for each row execute function platform.refuse_mail_jobs()',
      ),
    );
    // A staff session dated on the test clock, which earlier tests have moved on.
    const writer = await createUserWithSession(db(), { roles: ['Staff'] });
    const now = clock.now();
    await db()
      .update(tables.sessions)
      .set({ sessionCreated: now, sessionAccessed: now, expiresAt: new Date(now.getTime() + 30 * 86_400_000) })
      .where(eq(tables.sessions.idSession, writer.idSession));
    try {
      const created = await call('POST', '/api/mailers/mailers', writer.token, {
        mailer_subject: 'Lost in the post',
        mailer_body: '<p>Hello</p>',
        mailer_audience: 'lapsed',
      });
      expect(created.statusCode, created.body).toBe(201);
      const mailer = created.json<{ data: { mailer: MailerBody } }>().data.mailer;
      expect((await call('POST', `/api/mailers/mailers/${mailer.id_mailer}/send`, writer.token, {})).statusCode).toBe(200);
      for (let i = 0; i < 8; i++) {
        await runDueJobs(app);
        clock.advance(3_600_000);
      }
      const done = (await call('GET', `/api/mailers/mailers/${mailer.id_mailer}`, writer.token)).json<{
        data: { mailer: MailerBody & { mailer_status: string } };
      }>().data.mailer;
      expect(done).toMatchObject({ mailer_status: 'sent', counts: { recipients: 1, queued: 0, sent: 0, failed: 1 } });
      const [batch] = await db()
        .select({ status: tables.jobs.status })
        .from(tables.jobs)
        .where(eq(tables.jobs.type, 'mailers.batch'))
        .orderBy(desc(tables.jobs.idJob))
        .limit(1);
      expect(batch?.status).toBe('failed');
      expect(await mailsTo('lapsed', 'Lost in the post')).toHaveLength(0);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_mail_jobs on platform.jobs'));
    }
  });
});
