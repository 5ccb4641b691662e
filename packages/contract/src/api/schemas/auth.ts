import {
  MeResponseSchema,
  NotificationsBodySchema,
  PasscodeRedeemBodySchema,
  PasscodeRequestBodySchema,
  PasscodeRequestResponseSchema,
  ProfileBodySchema,
  ProfileResponseSchema,
  SessionIdParamsSchema,
  SessionResponseSchema,
  SessionsResponseSchema,
  SignupBodySchema,
  SignupResponseSchema,
  SuccessResponseSchema,
  TokenResponseSchema,
  UnsubscribeRequestBodySchema,
} from '../../calls/auth.ts';
import type { SchemasFor } from '../call.ts';
import type { authAddresses } from '../addresses/auth.ts';

/** The auth calls' schemas, one entry per address in ../addresses/auth.ts. */
export const authSchemas = {
  'auth.getMe': { summary: 'The signed-in user, or the visitor when signed out', response: MeResponseSchema },
  'auth.signup': {
    summary: 'Sign up; a sign-in code is e-mailed (ADR 0010)',
    body: SignupBodySchema,
    response: SignupResponseSchema,
  },
  'auth.updateProfile': {
    conflict: 'The new e-mail address belongs to another account.',
    summary: 'Change the name or e-mail address',
    body: ProfileBodySchema,
    response: ProfileResponseSchema,
  },
  'auth.deleteAccount': { summary: 'Delete the account and its personal data (ADR 0012)', response: SuccessResponseSchema },
  'auth.logout': { summary: 'End this session and clear the cookie', response: SuccessResponseSchema },
  'auth.dismissWelcome': { summary: 'Clear the welcome flag', response: MeResponseSchema },
  'auth.updateNotifications': { summary: 'The mailer preference', body: NotificationsBodySchema, response: MeResponseSchema },
  'auth.requestPasscode': {
    summary: 'E-mail a sign-in code; the same answer for any address (ADR 0010)',
    body: PasscodeRequestBodySchema,
    response: PasscodeRequestResponseSchema,
  },
  'auth.redeemPasscode': {
    summary: 'Sign in with the e-mailed code: a token, also set as the HttpOnly cookie',
    body: PasscodeRedeemBodySchema,
    response: TokenResponseSchema,
  },
  'auth.listSessions': { summary: 'Sessions by last access, newest first', response: SessionsResponseSchema },
  'auth.endSession': {
    summary: "End one of the caller's own sessions",
    params: SessionIdParamsSchema,
    response: SessionResponseSchema,
  },
  'auth.unsubscribe': {
    summary: 'Unsubscribe from every e-mail with the link from one (or its RFC 8058 one-click POST)',
    body: UnsubscribeRequestBodySchema,
    response: SuccessResponseSchema,
  },
  'auth.unsubscribeMailers': {
    summary: 'Unsubscribe from the mailers with the link from one (or its RFC 8058 one-click POST)',
    body: UnsubscribeRequestBodySchema,
    response: SuccessResponseSchema,
  },
} satisfies SchemasFor<typeof authAddresses>;
