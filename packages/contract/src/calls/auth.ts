import { z } from 'zod';
import { CurrentUserSchema } from '../entities/user.ts';
import { VISITOR_USER } from '../entities/visitor.ts';
import { FormBooleanSchema, IdInputSchema } from '../entities/fields.ts';
import { SessionSchema } from '../entities/session.ts';
import { MemberTimeZoneSchema, SignInTimeZoneSchema } from '../entities/time-zone.ts';
import { envelope } from '../wire/envelope.ts';

/**
 * The auth calls (product.md#calls) (ADR 0010 passcodes, ADR 0011 sessions). Every request schema here
 * validates the API body and the web forms alike.
 */

/** ADR 0010: the numbers of the passcode design, shared by the API and the pages that explain them. */
export const PASSCODE_LENGTH = 6;
export const PASSCODE_TTL_MS = 10 * 60_000;
export const PASSCODE_MAX_WRONG_TRIES = 5;
/** The web offers "send a new code" after this long; the API refuses a second code within a minute. */
export const PASSCODE_RESEND_COOLDOWN_MS = 60_000;

export const EmailSchema = z
  .string({ error: 'Please enter your email address.' })
  .trim()
  .min(1, 'Please enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email('Please enter a valid email address.'))
  .transform((email) => email.toLowerCase());

export const PasscodeSchema = z
  .string({ error: 'Please enter the 6-digit code from the email.' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Please enter the 6-digit code from the email.'));

/**
 * Line breaks and other control characters in a name (ADR 0047): a name goes into e-mail headers,
 * CSV exports and pages, where a CR/LF or an escape starts something else. Refused, not stripped,
 * so what is stored is what was typed.
 */
// eslint-disable-next-line no-control-regex
const NAME_FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const NameSchema = (label: string) =>
  z
    .string({ error: `Please enter your ${label}.` })
    .refine((name) => !NAME_FORBIDDEN_CHARS.test(name), `Your ${label} cannot contain line breaks or control characters.`)
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(100, `Your ${label} must be 100 characters or fewer.`);

const TelephoneSchema = z
  .string()
  .trim()
  .max(40, 'That telephone number is too long.')
  .regex(/^[0-9+()\-.\s]*$/, 'Please enter a telephone number using digits, spaces and + ( ) - only.')
  .transform((v) => (v === '' ? null : v));

/** GET me: the Current user (product.md#entities) plus the account flags the account pages need. */
export const MeSchema = CurrentUserSchema.extend({
  welcome_pending: z.boolean(),
  notifications_mailers: z.boolean(),
  notifications_emails: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;
export const VISITOR_ME: Me = Object.freeze({
  ...VISITOR_USER,
  welcome_pending: false,
  notifications_mailers: false,
  notifications_emails: false,
});
export const MeResponseSchema = envelope('user', MeSchema);

/** POST me: sign up (/signup, product.md#pages). Answers the same whether or not the address had an account. */
export const SignupBodySchema = z.object({
  first_name: NameSchema('first name'),
  last_name: NameSchema('last name'),
  email: EmailSchema,
  /** Marketing consent: whether mailers may be sent. */
  notifications_mailers: FormBooleanSchema.optional().default(false),
});
export type SignupBody = z.input<typeof SignupBodySchema>;
export const SignupResponseSchema = envelope(
  'user',
  z.object({ id_user: z.null(), first_name: z.string(), last_name: z.string(), email: z.string(), emailed: z.literal(true) }),
);

/** PATCH me: profile fields; a new e-mail takes effect only with the passcode sent to it. */
export const ProfileBodySchema = z.object({
  first_name: NameSchema('first name').optional(),
  last_name: NameSchema('last name').optional(),
  telephone: TelephoneSchema.nullable().optional(),
  email: EmailSchema.optional(),
  /** Chord diagrams drawn for a left-handed player (product.md#chords). */
  left_handed: FormBooleanSchema.optional(),
  /** The code e-mailed to the new address, confirming an e-mail change. */
  passcode: PasscodeSchema.optional(),
  /** The browser's IANA time zone: the member's e-mails give dates in it. */
  time_zone: MemberTimeZoneSchema.optional(),
});
export type ProfileBody = z.input<typeof ProfileBodySchema>;
export const ProfileResponseSchema = z.object({
  data: z.object({
    user: MeSchema,
    /** Set when a code was sent to confirm a new address; the address changes once it is entered. */
    pending_email: z.string().nullable(),
  }),
});

export const NotificationsBodySchema = z.object({
  notifications_mailers: FormBooleanSchema,
  notifications_emails: FormBooleanSchema.optional(),
});

/** POST me/passcodes (product.md#validation: e-mail required before a passcode is sent). */
export const PasscodeRequestBodySchema = z.object({ email: EmailSchema });
export const PasscodeRequestResponseSchema = envelope('emailed', z.literal(true));

/** The key an e-mailed sign-in link carries beside the code (ADR 0010): base64url. */
export const PasscodeLinkKeySchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** PUT me/passcodes (product.md#validation: both e-mail and passcode before validating) → token. */
export const PasscodeRedeemBodySchema = z.object({
  email: EmailSchema,
  passcode: PasscodeSchema,
  /** The key from the e-mailed link (ADR 0010); absent when the code is typed by hand. */
  key: PasscodeLinkKeySchema.optional(),
  /** The browser's IANA time zone, remembered for the member's e-mails (an unknown one is ignored). */
  time_zone: SignInTimeZoneSchema,
});
export const TokenResponseSchema = envelope('token', z.string());

export const SessionsResponseSchema = envelope('sessions', z.array(SessionSchema));
export const SessionResponseSchema = envelope('session', SessionSchema);
export const SessionIdParamsSchema = z.object({ id: IdInputSchema });

/** POST me/unsubscribes(/mailers): the address and the HMAC token from the e-mailed link. */
export const UnsubscribeBodySchema = z.object({
  email: EmailSchema,
  token: z.string().trim().min(1, 'That unsubscribe link is incomplete.').max(200),
});
/**
 * The unsubscribe call's body as it arrives: the address and token from our page, or only
 * `List-Unsubscribe=One-Click` (RFC 8058) with both in the link's query. The API checks the
 * merged pair against UnsubscribeBodySchema, so a tampered link gets the one plain answer.
 */
export const UnsubscribeRequestBodySchema = z.object({ email: z.string().optional(), token: z.string().optional() }).nullish();
export const SuccessResponseSchema = envelope('success', z.literal(true));
