// The auth service's public surface: other services and plugins import only from here.
export { type SessionUser } from './auth.repository.ts';
export { noteSessionAccess, resolveSession } from './session-lookup.ts';
export { forgetCachedSessions } from './session-cache.ts';
export { createSessionToken, hashSessionToken } from './tokens.ts';
export { clearTokenCookie, LEARNER_SESSION_TTL_MS, STAFF_SESSION_TTL_MS } from './sessions.ts';
export { authRoutes } from './auth.routes.ts';
export {
  countSignupsPerDay,
  endMemberSession,
  findMemberAccount,
  findRoles,
  listMemberSessions,
  memberExists,
  replaceRoles,
  searchMembers,
} from './members.ts';
