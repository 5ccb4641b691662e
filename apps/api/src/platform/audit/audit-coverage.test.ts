import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ADDRESSES, type CallName } from '@fretline/contract';
import { desc, eq, tables } from '@fretline/db';
import { staffChangeCalls } from '../../plugins/calls.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/*
 * ADR 0072: every staff call that changes state lands in the audit log with who, what, when and
 * the change before and after. route() refuses to register such a call without its declaration;
 * this walks the declared calls, then makes real ones and reads the log.
 */

let t: TestApp;
type User = Awaited<ReturnType<typeof createUserWithSession>>;
let boss: User;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { CAPTCHA: 'off' } });
  boss = await createUserWithSession(t.db, { email: 'boss@example.com', roles: ['Director'] });
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(boss.token), ...(payload ? { payload } : {}) });

/** The newest audit entry, which the call just made must have written. */
async function lastEntry() {
  const [row] = await t.db.select().from(tables.auditLog).orderBy(desc(tables.auditLog.idAudit)).limit(1);
  return row;
}

async function expectAudited(action: string, res: { statusCode: number; body: string }, diffKey: string) {
  expect(res.statusCode, res.body).toBeLessThan(300);
  const entry = await lastEntry();
  expect(entry).toMatchObject({ auditAction: action, idUserActor: boss.idUser, actorEmail: boss.email });
  expect(entry!.auditDiff).toHaveProperty(diffKey);
  expect(Object.keys(entry!.auditDiff[diffKey] as object).sort()).toEqual(['from', 'to']);
  expect(entry!.auditDiff).not.toHaveProperty('recorded_by');
}

describe('the declared staff calls', () => {
  it('declares what every staff call that changes state records, and exempts only what changes nothing', () => {
    const writes = (Object.keys(API_ADDRESSES) as CallName[]).filter((name) => API_ADDRESSES[name].method !== 'GET');
    const staff = writes.filter((name) => staffChangeCalls.has(name));
    // The changes the log once missed are among them.
    for (const name of [
      'finance.createCoupon',
      'finance.saveRetentionOfferSettings',
      'mailers.sendMailer',
      'messages.staffCreateSavedReply',
      'messages.staffAssign',
      'messages.staffAddNote',
      'messages.staffRevokeTokens',
    ] as const)
      expect(staffChangeCalls.get(name), name).toHaveProperty('action');
    const exempt = staff.filter((name) => 'exempt' in staffChangeCalls.get(name)!);
    expect(exempt.sort()).toEqual(['mailers.previewMailer', 'messages.staffMarkReplying']);
    expect(staff.length).toBeGreaterThan(40);
  });
});

describe('real staff changes', () => {
  it('records coupons, the retention offer, mailers, saved replies, assignments, notes, resolving and revoked links', async () => {
    await expectAudited(
      'coupon.create',
      await call('POST', '/finance/staff/coupons', { coupon_code: 'audit10', percent_off: 10, coupon_duration: 'once' }),
      'coupon',
    );
    await expectAudited(
      'retention_offer.save',
      await call('PUT', '/finance/staff/retention-offer', { offer_enabled: true, offer_percent_off: 30, offer_months: 2 }),
      'retention_offer',
    );
    expect((await lastEntry())!.auditDiff).toMatchObject({ retention_offer: { to: { offer_percent_off: 30 } } });

    const created = await call('POST', '/mailers/mailers', {
      mailer_subject: 'Hi',
      mailer_body: '<p>Hi</p>',
      mailer_audience: 'all',
    });
    await expectAudited('mailer.create', created, 'mailer');
    const idMailer = created.json<{ data: { mailer: { id_mailer: number } } }>().data.mailer.id_mailer;
    await expectAudited('mailer.send', await call('POST', `/mailers/mailers/${idMailer}/send`, {}), 'mailer');
    expect((await lastEntry())!.auditDiff).toMatchObject({
      mailer: { from: { mailer_status: 'draft', mailer_audience: 'all' }, to: { mailer_status: 'scheduled' } },
    });

    const saved = await call('POST', '/messages/staff/saved-replies', {
      saved_reply_title: 'Hi',
      saved_reply_body: 'Hello {first_name}',
    });
    await expectAudited('saved_reply.create', saved, 'saved_reply');
    const idSavedReply = saved.json<{ data: { saved_reply: { id_saved_reply: number } } }>().data.saved_reply.id_saved_reply;
    await expectAudited(
      'saved_reply.update',
      await call('PUT', `/messages/staff/saved-replies/${idSavedReply}`, { saved_reply_title: 'Hello', saved_reply_body: 'Hi' }),
      'saved_reply',
    );
    expect((await lastEntry())!.auditDiff).toMatchObject({
      saved_reply: { from: { saved_reply_title: 'Hi' }, to: { saved_reply_title: 'Hello' } },
    });
    await expectAudited(
      'saved_reply.delete',
      await call('DELETE', `/messages/staff/saved-replies/${idSavedReply}`),
      'saved_reply',
    );

    const helpdesk = await t.app.inject({
      method: 'POST',
      url: '/api/messages/helpdesks',
      payload: { first_name: 'Vic', email: 'vic@example.com', message: 'Where is my lesson?' },
    });
    expect(helpdesk.statusCode, helpdesk.body).toBe(200);
    const idThread = helpdesk.json<{ data: { thread: { id_thread: number } } }>().data.thread.id_thread;
    await expectAudited(
      'thread.assign',
      await call('PUT', `/messages/staff/threads/${idThread}/assignee`, { id_user_assigned: boss.idUser }),
      'id_user_assigned',
    );
    expect((await lastEntry())!.auditDiff).toEqual({ id_user_assigned: { from: null, to: boss.idUser } });
    await expectAudited(
      'thread.note',
      await call('POST', `/messages/staff/threads/${idThread}/notes`, { message_content: 'Refund them' }),
      'note',
    );
    await expectAudited(
      'thread.reply',
      await call('POST', `/messages/staff/threads/${idThread}/messages`, { message_content: 'Here it is' }),
      'message',
    );
    await expectAudited(
      'thread.tokens.revoke',
      await call('DELETE', `/messages/staff/threads/${idThread}/tokens`),
      'links_revoked',
    );
    await expectAudited(
      'thread.resolve',
      await call('PUT', `/messages/staff/threads/${idThread}/resolved`, { thread_resolved: true }),
      'thread_resolved',
    );
    expect((await lastEntry())!.targetId).toBe(String(idThread));
  });

  it('records nothing for a refused change', async () => {
    const before = await t.db.select().from(tables.auditLog);
    const res = await call('POST', '/finance/staff/coupons', { coupon_code: '', percent_off: 10, coupon_duration: 'once' });
    expect(res.statusCode).toBe(400);
    const learner = await createUserWithSession(t.db);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/finance/staff/retention-offer',
      headers: bearer(learner.token),
      payload: { offer_enabled: false, offer_percent_off: 10, offer_months: 1 },
    });
    expect(refused.statusCode).toBe(403);
    expect(await t.db.select().from(tables.auditLog).where(eq(tables.auditLog.idUserActor, learner.idUser))).toHaveLength(0);
    expect(await t.db.select().from(tables.auditLog)).toHaveLength(before.length);
  });
});
