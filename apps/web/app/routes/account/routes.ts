import { route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// Sign-in, sign-up and the account pages (product.md#pages; ADR 0010, 0011, 0012). /me, /me/edit, /welcome and
// /me/notifications use the guest layout (product.md#pages).
export const accountRoutes: AreaRoutes = {
  main: [
    route('signup', 'routes/account/signup.tsx', { id: 'signup' }),
    route('login', 'routes/account/login.tsx', { id: 'login' }),
    route('login/:passcode', 'routes/account/login-passcode.tsx', { id: 'login-passcode' }),
    route('login-code', 'routes/account/login-code.tsx', { id: 'login-code' }),
    route('me/sessions', 'routes/account/me-sessions.tsx', { id: 'me-sessions' }),
    route('me/delete', 'routes/account/me-delete.tsx', { id: 'me-delete' }),
    route('unsubscribe/:email/:token', 'routes/account/unsubscribe.tsx', { id: 'unsubscribe' }),
    route('unsubscribe-mailers/:email/:token', 'routes/account/unsubscribe.tsx', { id: 'unsubscribe-mailers' }),
  ],
  guest: [
    route('me', 'routes/account/me.tsx', { id: 'me' }),
    route('me/edit', 'routes/account/me-edit.tsx', { id: 'me-edit' }),
    route('me/notifications', 'routes/account/me-notifications.tsx', { id: 'me-notifications' }),
    route('welcome', 'routes/account/welcome.tsx', { id: 'welcome' }),
  ],
};
