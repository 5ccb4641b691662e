// The auth service's public surface: other services and plugins import only from here.
export { findSessionUser, touchSession, type SessionUser } from './auth.repository.ts';
export { createSessionToken, hashSessionToken } from './tokens.ts';
export { authRoutes } from './auth.routes.ts';
