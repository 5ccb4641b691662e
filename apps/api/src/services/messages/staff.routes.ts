import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGE_PAGE_SIZE, THREAD_PAGE_SIZE } from '@fretline/contract';
import { requireRoleGroup } from '../../plugins/auth.ts';
import { route } from '../../plugins/calls.ts';
import { badRequest } from '../../plugins/errors.ts';
import * as repo from './messages.repository.ts';
import {
  forgetThreadUnreadCounts,
  requireMessageText,
  requireStaffThread,
  toStaffThread,
  toWireMessage,
} from './messages.service.ts';
import { notifySenderOfStaffReply } from './notify.ts';

/**
 * /api/messages/staff: the staff inbox. Every call is declared for the Staff group, whose guard
 * runs before validation and any handler, so a caller without the role learns nothing from
 * validation errors.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { access: 'Staff' } as const;

  route(app, 'messages.staffListThreads', staff, async (request) => {
    const q = request.query;
    const now = app.clock();
    const { rows, total } = await repo.listStaffThreads(app.db, {
      limit: q.limit ?? THREAD_PAGE_SIZE,
      offset: q.offset ?? 0,
      status: q.status ?? 'open',
      ...(q.search ? { search: q.search } : {}),
    });
    const threads = await Promise.all(rows.map((r) => toStaffThread(app.db, r, now)));
    return { data: { threads, total } };
  });

  route(app, 'messages.staffListMembers', staff, async () => {
    const rows = await repo.listStaffMembers(app.db);
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
    const { rows, total } = await repo.listMessages(app.db, row.idThread, {
      limit: request.query.limit ?? MESSAGE_PAGE_SIZE,
      offset: request.query.offset ?? 0,
    });
    return { data: { messages: rows.map(toWireMessage), total } };
  });

  // A staff reply: stored, the thread answered, the sender's thread unread, and the sender e-mailed.
  route(app, 'messages.staffReply', staff, async (request) => {
    const { user } = requireRoleGroup(request, 'Staff');
    const thread = await requireStaffThread(app.db, request.params.id);
    const text = requireMessageText(request.body?.message_content);
    const now = app.clock();
    const message = await app.db.transaction(async (tx) => {
      await repo.addParticipant(tx, thread.idThread, user.idUser, now, false);
      const m = await repo.insertMessage(tx, {
        idThread: thread.idThread,
        idUser: user.idUser,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        content: text,
        fromStaff: true,
        now,
      });
      // Queued in the same transaction: the e-mail goes only if the reply is stored.
      await notifySenderOfStaffReply(app, tx, thread, { staffFirstName: user.firstName, content: text });
      return m;
    });
    await forgetThreadUnreadCounts(app, thread.idThread);
    return { data: { message: toWireMessage(message) } };
  });

  route(app, 'messages.staffResolve', staff, async (request) => {
    const row = await requireStaffThread(app.db, request.params.id);
    await repo.setThreadResolved(app.db, row.idThread, request.body.thread_resolved, app.clock());
    const updated = await requireStaffThread(app.db, row.idThread);
    return { data: { thread: await toStaffThread(app.db, updated, app.clock()) } };
  });

  route(app, 'messages.staffAssign', staff, async (request) => {
    const row = await requireStaffThread(app.db, request.params.id);
    const idUser = request.body.id_user_assigned;
    if (idUser !== null && !(await repo.isStaffMember(app.db, idUser)))
      throw badRequest('Threads can only be assigned to a member of staff.', 'id_user_assigned');
    await repo.setThreadAssignee(app.db, row.idThread, idUser);
    const updated = await requireStaffThread(app.db, row.idThread);
    return { data: { thread: await toStaffThread(app.db, updated, app.clock()) } };
  });

  // Revoking ends every link e-mailed for this thread (ADR 0025); a new reply mails a fresh one.
  route(app, 'messages.staffRevokeTokens', staff, async (request) => {
    const row = await requireStaffThread(app.db, request.params.id);
    const revoked = await repo.revokeThreadTokens(app.db, row.idThread, app.clock());
    return { data: { revoked } };
  });
};
