// The auth service's public surface: other services and plugins import only from here.
export { findSessionUser, touchSession, type SessionUser } from './auth.repository.ts';
export { createSessionToken, hashSessionToken } from './tokens.ts';
export { unsubscribeLinks, type UnsubscribeLinks, type UnsubscribeList } from './unsubscribe.ts';
export { clearTokenCookie, LEARNER_SESSION_TTL_MS, STAFF_SESSION_TTL_MS } from './sessions.ts';
export { authRoutes } from './auth.routes.ts';
