// The auth service's public surface: other services and plugins import only from here.
export { forgetCachedSessions } from './session-cache.ts';
export { createSessionToken, hashSessionToken } from './tokens.ts';
export { authRoutes } from './auth.routes.ts';
export { testSessionRoutes } from './test-sessions.routes.ts';
export { sessionPlugin } from './session-hook.ts';
export { findAccountByEmail, findAccountContact, findAccountContacts, listAccountsInRoleGroup } from './contacts.ts';
export {
  countSignupsPerDay,
  endAllMemberSessions,
  endMemberSession,
  findMemberAccount,
  findRoles,
  listMemberSessions,
  memberExists,
  orderedRoles,
  replaceRoles,
  rolesChangeDiff,
  searchMembers,
} from './members.ts';
export { listSignInFailures } from './sign-in-failures.ts';
export { countMailerUnsubscribes, findMailerContacts, listMailerOptInIds } from './mailer-audience.ts';
export { findUserTimeZone } from './auth.repository.ts';
