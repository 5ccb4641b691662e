import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@fretline/db';
import type { PracticeReminder } from '@fretline/contract';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { findDevMail } from '../../platform/mail/index.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import {
  handlePracticeReminders,
  nextReminderRun,
  PRACTICE_REMINDER_JOB,
  sendDuePracticeReminders,
  startPracticeReminders,
} from './practice-reminders.service.ts';

/** Practice reminders (product.md#practice-log, ADR 0081): the setting, and the job that sends them. */
interface Body {
  data: { reminder: PracticeReminder };
  errors: { message: string; field?: string }[];
}

let t: TestApp;
const SUBJECT = 'Time to pick up your guitar?';

const call = (method: 'GET' | 'PUT', token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: '/api/videos/me/practice-reminder',
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const reminders = async (email: string) => (await findDevMail(t.db, email)).filter((m) => m.subject === SUBJECT);
const deliver = async () => {
  while ((await runDueJobs(t.app, { types: ['mail.send'] })) > 0);
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET and PUT me/practice-reminder', () => {
  it('is off with no zone until the learner opts in, then keeps their time and zone, per learner', async () => {
    const learner = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const first = await call('GET', learner.token);
    expect(first.statusCode).toBe(200);
    expect(first.json<Body>().data.reminder).toEqual({ reminder_on: false, reminder_time: '18:00', reminder_time_zone: null });
    const set = await call('PUT', learner.token, { reminder_on: true, reminder_time: '07:30', reminder_time_zone: 'Asia/Tokyo' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', learner.token)).json<Body>().data.reminder).toEqual({
      reminder_on: true,
      reminder_time: '07:30',
      reminder_time_zone: 'Asia/Tokyo',
    });
    expect((await call('GET', other.token)).json<Body>().data.reminder.reminder_on).toBe(false);
    const off = await call('PUT', learner.token, {
      reminder_on: false,
      reminder_time: '07:30',
      reminder_time_zone: 'Asia/Tokyo',
    });
    expect(off.json<Body>().data.reminder.reminder_on).toBe(false);
  });

  it('refuses a bad time or zone with 400 and the field, and changes nothing', async () => {
    const learner = await createUserWithSession(t.db);
    await call('PUT', learner.token, { reminder_on: true, reminder_time: '19:00', reminder_time_zone: 'Europe/Paris' });
    for (const [payload, field] of [
      [{ reminder_on: true, reminder_time: '24:00', reminder_time_zone: 'Europe/Paris' }, 'reminder_time'],
      [{ reminder_on: true, reminder_time: '7pm', reminder_time_zone: 'Europe/Paris' }, 'reminder_time'],
      [{ reminder_on: true, reminder_time: '09:60', reminder_time_zone: 'Europe/Paris' }, 'reminder_time'],
      [{ reminder_on: true, reminder_time: '09:00', reminder_time_zone: 'Mars/Olympus_Mons' }, 'reminder_time_zone'],
      [{ reminder_on: true, reminder_time: '09:00' }, 'reminder_time_zone'],
      [{ reminder_on: 'maybe', reminder_time: '09:00', reminder_time_zone: 'Europe/Paris' }, 'reminder_on'],
    ] as const) {
      const res = await call('PUT', learner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<Body>().errors[0]!.field, JSON.stringify(payload)).toBe(field);
    }
    expect((await call('GET', learner.token)).json<Body>().data.reminder).toEqual({
      reminder_on: true,
      reminder_time: '19:00',
      reminder_time_zone: 'Europe/Paris',
    });
  });

  it('answers 401 signed out', async () => {
    expect((await call('GET')).statusCode).toBe(401);
    expect(
      (await call('PUT', undefined, { reminder_on: true, reminder_time: '09:00', reminder_time_zone: 'UTC' })).statusCode,
    ).toBe(401);
  });
});

describe('the reminder job', () => {
  // 19:00 UTC on 2 December 2026 is 20:00 in Paris and 14:00 in New York.
  const at = new Date('2026-12-02T19:00:00Z');

  async function optIn(time: string, zone: string) {
    const user = await createUserWithSession(t.db);
    const res = await call('PUT', user.token, { reminder_on: true, reminder_time: time, reminder_time_zone: zone });
    expect(res.statusCode, res.body).toBe(200);
    return user;
  }

  it('sends once a day to a learner who has not practised, at their time in their zone, and not twice', async () => {
    const due = await optIn('19:30', 'Europe/Paris');
    const notYet = await optIn('18:00', 'America/New_York');
    const practised = await optIn('19:30', 'Europe/Paris');
    const practisedYesterday = await optIn('19:30', 'Europe/Paris');
    const optedOut = await createUserWithSession(t.db);
    await t.db.insert(tables.practiceReminders).values({
      idUser: optedOut.idUser,
      reminderOn: false,
      reminderTime: '08:00',
      reminderTimeZone: 'Europe/Paris',
    });
    await t.db.insert(tables.practiceSessions).values([
      { idUser: practised.idUser, practiceSeconds: 600, practisedOn: '2026-12-02' },
      { idUser: practisedYesterday.idUser, practiceSeconds: 600, practisedOn: '2026-12-01' },
    ]);

    // Two runners at once, then a late third: the day is claimed once.
    await Promise.all([sendDuePracticeReminders(t.app, at), sendDuePracticeReminders(t.app, at)]);
    await sendDuePracticeReminders(t.app, new Date(at.getTime() + 15 * 60_000));
    await deliver();

    const mail = await reminders(due.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('/me/practice');
    expect(mail[0]!.text).toContain('/unsubscribe/');
    expect(mail[0]!.html).toContain('Change its time or turn it off');
    expect(JSON.stringify(mail[0]!.headers)).toContain('List-Unsubscribe');
    expect(await reminders(practisedYesterday.email)).toHaveLength(1);
    expect(await reminders(practised.email)).toHaveLength(0);
    expect(await reminders(notYet.email)).toHaveLength(0);
    expect(await reminders(optedOut.email)).toHaveLength(0);

    // New York's 18:00 comes at 23:00 UTC; the next day in Paris brings the next reminder.
    await sendDuePracticeReminders(t.app, new Date('2026-12-02T23:00:00Z'));
    await sendDuePracticeReminders(t.app, new Date('2026-12-03T19:00:00Z'));
    await deliver();
    expect(await reminders(notYet.email)).toHaveLength(1);
    expect(await reminders(due.email)).toHaveLength(2);
  });

  it('sends nothing to a deleted account or one that turned e-mail off', async () => {
    const deleted = await optIn('09:00', 'UTC');
    const quiet = await optIn('09:00', 'UTC');
    await t.db.update(tables.users).set({ deletedAt: at }).where(eq(tables.users.idUser, deleted.idUser));
    await t.db.update(tables.users).set({ notificationsEmails: false }).where(eq(tables.users.idUser, quiet.idUser));
    await sendDuePracticeReminders(t.app, new Date('2026-12-04T10:00:00Z'));
    await deliver();
    expect(await reminders(deleted.email)).toHaveLength(0);
    expect(await reminders(quiet.email)).toHaveLength(0);
  });

  it('keeps one job going: each quarter queues the next once, however many runners take it', async () => {
    const pending = () =>
      t.db
        .select({ runAt: tables.jobs.runAt, payload: tables.jobs.payload })
        .from(tables.jobs)
        .where(and(eq(tables.jobs.type, PRACTICE_REMINDER_JOB), eq(tables.jobs.status, 'pending')));
    await Promise.all([startPracticeReminders(t.app), startPracticeReminders(t.app)]);
    await startPracticeReminders(t.app);
    const started = await pending();
    expect(started.length).toBeGreaterThanOrEqual(1);
    // Two runs of the same quarter (two chains, two instances): one next job between them.
    const quarter = nextReminderRun(t.clock.now()).toISOString();
    await Promise.all([handlePracticeReminders(t.app, { runAt: quarter }), handlePracticeReminders(t.app, { runAt: quarter })]);
    const next = new Date(new Date(quarter).getTime() + 15 * 60_000).toISOString();
    const queued = (await pending()).filter((job) => (job.payload as { runAt: string }).runAt === next);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt.toISOString()).toBe(next);
  });
});
