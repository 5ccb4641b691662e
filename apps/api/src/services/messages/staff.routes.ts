import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGE_PAGE_SIZE, THREAD_PAGE_SIZE } from '@fretline/contract';
import { recordAudit } from '../../platform/audit/index.ts';
import { requireRoleGroup, type RequestAuth } from '../../plugins/auth.ts';
import { route } from '../../plugins/calls.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import * as repo from './messages.repository.ts';
import {
  forgetThreadUnreadCounts,
  isStaffMember,
  listStaffMembers,
  listStaffThreads,
  requireMessageText,
  requireStaffThread,
  toStaffThread,
  toWireMessage,
} from './messages.service.ts';
import { notifySenderOfStaffReply } from './notify.ts';
import { getMemberBilling } from '../finance/index.ts';
import { buildMemberContext, fillSavedReply, listReplying, savedReplyValues } from './staff-tools.ts';
import type { MessageRow } from './messages.repository.ts';

const SAVED_REPLY_NOT_FOUND = 'That saved reply cannot be found; it may have been deleted.';

/** A message as staff read it: the wire message plus who wrote it, whether it is a note (ADR 0060) and whether it came by e-mail (ADR 0072). */
function toStaffMessage(row: MessageRow) {
  return {
    ...toWireMessage(row),
    message_from_staff: row.messageFromStaff,
    message_internal: row.messageInternal,
    message_via_email: row.messageViaEmail,
  };
}

/** A staff member's message or note in a thread, as the repository stores it. */
const writtenBy = (idThread: number, user: RequestAuth['user'], content: string, now: Date) => ({
  idThread,
  idUser: user.idUser,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  content,
  now,
});

/**
 * /api/messages/staff: the staff inbox. Every call is declared for the Staff group, whose guard
 * runs before validation and any handler, so a caller without the role learns nothing from
 * validation errors.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { access: 'Staff' } as const;
  /** A staff change (ADR 0072): the call declares the action its handler records. */
  const change = (action: string) => ({ ...staff, audit: { action } });

  route(app, 'messages.staffListThreads', staff, async (request) => {
    const { user } = requireRoleGroup(request, 'Staff');
    const q = request.query;
    const now = app.clock();
    const { rows, total } = await listStaffThreads(app.db, {
      limit: q.limit ?? THREAD_PAGE_SIZE,
      offset: q.offset ?? 0,
      view: q.view ?? q.status ?? 'open',
      idUser: user.idUser,
      ...(q.search ? { search: q.search } : {}),
    });
    const threads = await Promise.all(rows.map((r) => toStaffThread(app.db, r, now)));
    return { data: { threads, total } };
  });

  route(app, 'messages.staffListMembers', staff, async () => {
    const rows = await listStaffMembers(app.db);
    return {
      data: { staff: rows.map((r) => ({ id_user: r.idUser, first_name: r.firstName, last_name: r.lastName, email: r.email })) },
    };
  });

  route(app, 'messages.staffGetThread', staff, async (request) => {
    const row = await requireStaffThread(app.db, request.params.id);
    return { data: { thread: await toStaffThread(app.db, row, app.clock()) } };
  });

  route(app, 'messages.staffListMessages', staff, async (request) => {
    const row = await requireStaffThread(app.db, request.params.id);
    const { rows, total } = await repo.listMessages(
      app.db,
      row.idThread,
      { limit: request.query.limit ?? MESSAGE_PAGE_SIZE, offset: request.query.offset ?? 0 },
      'staff',
    );
    return { data: { messages: rows.map(toStaffMessage), total } };
  });

  // A staff reply: stored, the thread answered, the sender's thread unread, and the sender e-mailed.
  route(app, 'messages.staffReply', change('thread.reply'), async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const { user } = auth;
    const thread = await requireStaffThread(app.db, request.params.id);
    const text = requireMessageText(request.body?.message_content);
    const now = app.clock();
    const message = await app.db.transaction(async (tx) => {
      await repo.addParticipant(tx, thread.idThread, user.idUser, now, false);
      const m = await repo.insertMessage(tx, { ...writtenBy(thread.idThread, user, text, now), fromStaff: true });
      // Queued in the same transaction: the e-mail goes only if the reply is stored.
      await notifySenderOfStaffReply(app, tx, thread, { staffFirstName: user.firstName, content: text });
      // Sent: the colleague's "is replying" warning ends now, not when the presence goes stale.
      await repo.clearPresence(tx, thread.idThread, user.idUser);
      const diff = { message: { from: null, to: { id_message: m.idMessage, message_content: text } } };
      await recordAudit(tx, auth, { action: 'thread.reply', targetType: 'thread', targetId: thread.idThread, diff }, now);
      return m;
    });
    await forgetThreadUnreadCounts(app, thread.idThread);
    return { data: { message: toWireMessage(message) } };
  });

  // An internal note (ADR 0060): in the thread for staff; the sender's calls never return it.
  route(app, 'messages.staffAddNote', change('thread.note'), async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const { user } = auth;
    const thread = await requireStaffThread(app.db, request.params.id);
    const text = requireMessageText(request.body?.message_content);
    const now = app.clock();
    const note = await app.db.transaction(async (tx) => {
      const row = await repo.insertNote(tx, writtenBy(thread.idThread, user, text, now));
      const diff = { note: { from: null, to: { id_message: row.idMessage, message_content: text } } };
      await recordAudit(tx, auth, { action: 'thread.note', targetType: 'thread', targetId: thread.idThread, diff }, now);
      return row;
    });
    return { data: { message: toStaffMessage(note) } };
  });

  route(app, 'messages.staffCounts', staff, async (request) => {
    const { user } = requireRoleGroup(request, 'Staff');
    return { data: { counts: await repo.countStaffInbox(app.db, user.idUser) } };
  });

  route(app, 'messages.staffThreadContext', staff, async (request) => {
    const thread = await requireStaffThread(app.db, request.params.id);
    return { data: { context: await buildMemberContext(app.db, thread, app.clock()) } };
  });

  // The collision warning (ADR 0060): an open reply box says so every few seconds; readers poll.
  route(app, 'messages.staffListReplying', staff, async (request) => {
    const { user } = requireRoleGroup(request, 'Staff');
    const thread = await requireStaffThread(app.db, request.params.id);
    return { data: { replying: await listReplying(app, thread.idThread, user.idUser) } };
  });

  route(
    app,
    'messages.staffMarkReplying',
    { ...staff, audit: { exempt: 'a presence heartbeat every few seconds' } },
    async (request) => {
      const { user } = requireRoleGroup(request, 'Staff');
      const thread = await requireStaffThread(app.db, request.params.id);
      await repo.touchPresence(app.db, thread.idThread, user.idUser, app.clock());
      return { data: { replying: await listReplying(app, thread.idThread, user.idUser) } };
    },
  );

  // ---- saved replies (ADR 0060): any member of staff manages them ----

  route(app, 'messages.staffListSavedReplies', staff, async () => {
    return { data: { saved_replies: await repo.listSavedReplies(app.db) } };
  });

  route(app, 'messages.staffCreateSavedReply', change('saved_reply.create'), async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const now = app.clock();
    const row = await app.db.transaction(async (tx) => {
      const created = await repo.insertSavedReply(tx, {
        title: request.body.saved_reply_title,
        body: request.body.saved_reply_body,
        idUser: auth.user.idUser,
        now,
      });
      const diff = { saved_reply: { from: null, to: created } };
      await recordAudit(
        tx,
        auth,
        { action: 'saved_reply.create', targetType: 'saved_reply', targetId: created.id_saved_reply, diff },
        now,
      );
      return created;
    });
    return { data: { saved_reply: row } };
  });

  route(app, 'messages.staffUpdateSavedReply', change('saved_reply.update'), async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const id = request.params.idSavedReply;
    const now = app.clock();
    const row = await app.db.transaction(async (tx) => {
      const before = await repo.findSavedReply(tx, id);
      const after = await repo.updateSavedReply(tx, id, {
        title: request.body.saved_reply_title,
        body: request.body.saved_reply_body,
        now,
      });
      if (!before || !after) throw notFound(SAVED_REPLY_NOT_FOUND, 'SAVED_REPLY_NOT_FOUND');
      const diff = { saved_reply: { from: before, to: after } };
      await recordAudit(tx, auth, { action: 'saved_reply.update', targetType: 'saved_reply', targetId: id, diff }, now);
      return after;
    });
    return { data: { saved_reply: row } };
  });

  route(app, 'messages.staffDeleteSavedReply', change('saved_reply.delete'), async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const id = request.params.idSavedReply;
    const now = app.clock();
    const deleted = await app.db.transaction(async (tx) => {
      const before = await repo.findSavedReply(tx, id);
      if (!before || !(await repo.deleteSavedReply(tx, id))) throw notFound(SAVED_REPLY_NOT_FOUND, 'SAVED_REPLY_NOT_FOUND');
      const diff = { saved_reply: { from: before, to: null } };
      await recordAudit(tx, auth, { action: 'saved_reply.delete', targetType: 'saved_reply', targetId: id, diff }, now);
      return true;
    });
    return { data: { deleted } };
  });

  route(app, 'messages.staffFillSavedReply', staff, async (request) => {
    const { user } = requireRoleGroup(request, 'Staff');
    const thread = await requireStaffThread(app.db, request.params.id);
    const reply = await repo.findSavedReply(app.db, request.params.idSavedReply);
    if (!reply) throw notFound(SAVED_REPLY_NOT_FOUND, 'SAVED_REPLY_NOT_FOUND');
    // ADR 0045: an unproven address shows no account's billing, so its variables stay unfilled.
    const billing = thread.idUserSender !== null ? await getMemberBilling(app.db, thread.idUserSender, app.clock()) : null;
    const values = savedReplyValues(app.config.SITE_URL, thread, billing, { firstName: user.firstName });
    return { data: { filled: fillSavedReply(reply.saved_reply_body, values) } };
  });

  route(app, 'messages.staffGetNotificationPrefs', staff, async (request) => {
    const { user } = requireRoleGroup(request, 'Staff');
    return { data: { prefs: { notify_new_messages: await repo.findNotifyPref(app.db, user.idUser) } } };
  });

  route(app, 'messages.staffSetNotificationPrefs', change('staff.notification_prefs.set'), async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const on = request.body.notify_new_messages;
    const now = app.clock();
    await app.db.transaction(async (tx) => {
      const before = await repo.findNotifyPref(tx, auth.user.idUser);
      await repo.setNotifyPref(tx, auth.user.idUser, on);
      const diff = { notify_new_messages: { from: before, to: on } };
      await recordAudit(
        tx,
        auth,
        { action: 'staff.notification_prefs.set', targetType: 'user', targetId: auth.user.idUser, diff },
        now,
      );
    });
    return { data: { prefs: { notify_new_messages: request.body.notify_new_messages } } };
  });

  route(app, 'messages.staffResolve', change('thread.resolve'), async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const row = await requireStaffThread(app.db, request.params.id);
    const resolved = request.body.thread_resolved;
    const now = app.clock();
    await app.db.transaction(async (tx) => {
      await repo.setThreadResolved(tx, row.idThread, resolved, now);
      const diff = { thread_resolved: { from: row.threadResolved, to: resolved } };
      await recordAudit(tx, auth, { action: 'thread.resolve', targetType: 'thread', targetId: row.idThread, diff }, now);
    });
    const updated = await requireStaffThread(app.db, row.idThread);
    return { data: { thread: await toStaffThread(app.db, updated, app.clock()) } };
  });

  route(app, 'messages.staffAssign', change('thread.assign'), async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const row = await requireStaffThread(app.db, request.params.id);
    const idUser = request.body.id_user_assigned;
    if (idUser !== null && !(await isStaffMember(app.db, idUser)))
      throw badRequest('Threads can only be assigned to a member of staff.', 'id_user_assigned');
    await app.db.transaction(async (tx) => {
      await repo.setThreadAssignee(tx, row.idThread, idUser);
      const diff = { id_user_assigned: { from: row.idUserAssigned, to: idUser } };
      await recordAudit(tx, auth, { action: 'thread.assign', targetType: 'thread', targetId: row.idThread, diff }, app.clock());
    });
    const updated = await requireStaffThread(app.db, row.idThread);
    return { data: { thread: await toStaffThread(app.db, updated, app.clock()) } };
  });

  // Revoking ends every link e-mailed for this thread (ADR 0025); a new reply mails a fresh one.
  route(app, 'messages.staffRevokeTokens', change('thread.tokens.revoke'), async (request) => {
    const auth = requireRoleGroup(request, 'Staff');
    const row = await requireStaffThread(app.db, request.params.id);
    const now = app.clock();
    const revoked = await app.db.transaction(async (tx) => {
      const count = await repo.revokeThreadTokens(tx, row.idThread, now);
      const diff = { links_revoked: { from: null, to: count } };
      await recordAudit(tx, auth, { action: 'thread.tokens.revoke', targetType: 'thread', targetId: row.idThread, diff }, now);
      return count;
    });
    return { data: { revoked } };
  });
};
