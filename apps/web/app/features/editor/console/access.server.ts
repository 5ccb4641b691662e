import { data, redirect } from 'react-router';
import { hasRoleGroup, type RoleGroup } from '@fretline/contract';
import { canOpenStaffConsole } from '../../../components/layout/staff-nav';
import { fetchCurrentUser, getServerApi } from '../../../lib/api.server';

/**
 * Guards read first (CONVENTIONS.md): a staff page's loader or action starts here. Signed out
 * goes to /login; signed in without the page's role group (product.md#roles) gets the 403 page. The API checks
 * the group again on every call, so this only decides what to show.
 */
export async function requireStaffAccess(request: Request, group: RoleGroup | 'Console') {
  const api = getServerApi(request);
  const { user } = await fetchCurrentUser(request);
  if (user.id_user === null) throw redirect('/login');
  // 'Console': any group the console serves (Staff or Editor), for pages every staff role uses.
  const allowed = group === 'Console' ? canOpenStaffConsole(user.roles) : hasRoleGroup(user.roles, group);
  if (!allowed) throw data({ group: group === 'Console' ? 'Staff or Editor' : group }, { status: 403 });
  return { api, user };
}
