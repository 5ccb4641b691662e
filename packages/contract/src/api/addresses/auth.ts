import type { CallAddress } from '../call.ts';

/** The auth calls' addresses (see ../call.ts); their schemas are in ../schemas/auth.ts. */
export const authAddresses = {
  'auth.getMe': { method: 'GET', path: '/auth/me' },
  'auth.signup': { method: 'POST', path: '/auth/me' },
  'auth.updateProfile': { method: 'PATCH', path: '/auth/me' },
  'auth.deleteAccount': { method: 'DELETE', path: '/auth/me' },
  'auth.logout': { method: 'POST', path: '/auth/me/logout' },
  'auth.dismissWelcome': { method: 'PUT', path: '/auth/me/welcome' },
  'auth.updateNotifications': { method: 'PUT', path: '/auth/me/notifications-mailers' },
  'auth.requestPasscode': { method: 'POST', path: '/auth/me/passcodes' },
  'auth.redeemPasscode': { method: 'PUT', path: '/auth/me/passcodes' },
  'auth.listSessions': { method: 'GET', path: '/auth/me/sessions' },
  'auth.endSession': { method: 'DELETE', path: '/auth/me/sessions/:id' },
  'auth.unsubscribe': { method: 'POST', path: '/auth/me/unsubscribes' },
  'auth.unsubscribeMailers': { method: 'POST', path: '/auth/me/unsubscribes/mailers' },
} as const satisfies Record<string, CallAddress>;
