import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasRoleGroup, STAFF_PAGE_SIZE } from '@fretline/contract';
import { requireRoleGroup } from '../../plugins/auth.ts';
import { route } from '../../plugins/calls.ts';
import { forgetCachedSessions } from '../auth/index.ts';
import { AppError, forbidden, notFound } from '../../plugins/errors.ts';
import { listAudit, recordAudit } from '../../platform/audit/index.ts';
import * as members from './members.repository.ts';

const MEMBER_NOT_FOUND = 'That member cannot be found.';
const SESSION_NOT_FOUND = 'That session cannot be found for this member.';
export const OWN_LAST_ADMIN_ROLE = 'You cannot remove your own last admin role; ask another admin to do it.';
export const SUPERADMIN_ONLY = 'Only a Superadmin can grant or remove the Superadmin role.';

/**
 * /api/staff (ADR 0035). Each route names its role group (product.md#roles) and checks it first
 * (CONVENTIONS.md "guards read first"): Staff for members and the audit log, Admin for roles.
 * Signed out is 401, a wrong role 403. /api/staff/analytics belongs to the analytics service.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'staff.listAudit', { access: 'Staff' }, async (request) => {
    const q = request.query;
    const { rows, total } = await listAudit(app.db, {
      limit: q.limit ?? STAFF_PAGE_SIZE,
      offset: q.offset ?? 0,
      targetType: q.target_type,
      targetId: q.target_id,
    });
    return { data: { audit: rows, total } };
  });

  route(app, 'staff.listMembers', { access: 'Staff' }, async (request) => {
    const q = request.query;
    const { rows, total } = await members.searchMembers(app.db, {
      q: q.q,
      limit: q.limit ?? STAFF_PAGE_SIZE,
      offset: q.offset ?? 0,
    });
    return { data: { members: rows, total } };
  });

  route(app, 'staff.getMember', { access: 'Staff' }, async (request) => {
    const member = await members.findMember(app.db, request.params.idUser);
    if (!member) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
    return { data: { member } };
  });

  route(
    app,
    'staff.endMemberSession',
    { access: 'Staff', audit: { action: 'member.session.end', onlyWhenChanged: true } },
    async (request) => {
      const auth = requireRoleGroup(request, 'Staff');
      const { idUser, idSession } = request.params;
      const now = app.clock();
      const result = await app.db.transaction(async (tx) => {
        const ended = await members.endMemberSession(tx, idUser, idSession, now);
        if (ended?.ended) {
          await recordAudit(
            tx,
            auth,
            {
              action: 'member.session.end',
              targetType: 'user',
              targetId: idUser,
              diff: { id_session: idSession, session_ip: ended.session.session_ip, session_deleted: { from: null, to: now } },
            },
            now,
          );
        }
        return ended;
      });
      // After the commit, so no request in between re-caches the live session (ADR 0011).
      forgetCachedSessions(idUser);
      if (!result) throw notFound(SESSION_NOT_FOUND, 'SESSION_NOT_FOUND');
      return { data: { session: result.session } };
    },
  );

  route(
    app,
    'staff.setMemberRoles',
    { access: 'Admin', audit: { action: 'member.roles.set', onlyWhenChanged: true } },
    async (request) => {
      const auth = requireRoleGroup(request, 'Admin');
      const { idUser } = request.params;
      const next = members.orderedRoles(request.body.roles);
      const now = app.clock();
      const roles = await app.db.transaction(async (tx) => {
        if (!(await members.memberExists(tx, idUser))) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
        const before = await members.findRoles(tx, idUser);
        const superadminChanges = before.includes('Superadmin') !== next.includes('Superadmin');
        if (superadminChanges && !auth.user.roles.includes('Superadmin')) throw forbidden(SUPERADMIN_ONLY);
        if (idUser === auth.user.idUser && hasRoleGroup(before, 'Admin') && !hasRoleGroup(next, 'Admin')) {
          throw new AppError('OWN_LAST_ADMIN_ROLE', 409, OWN_LAST_ADMIN_ROLE, 'roles');
        }
        const diff = members.rolesChangeDiff(before, next);
        if (!diff) return before;
        await members.replaceRoles(tx, idUser, next);
        await recordAudit(tx, auth, { action: 'member.roles.set', targetType: 'user', targetId: idUser, diff }, now);
        return next;
      });
      forgetCachedSessions(idUser);
      return { data: { roles } };
    },
  );
};
