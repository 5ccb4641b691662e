import { TOKEN_COOKIE_NAME, type RoleGroup } from '@fretline/contract';

/** The two ways to present a session (services/auth/session-hook.ts): the cookie, or its token as a bearer header. */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: TOKEN_COOKIE_NAME,
    description: 'The HttpOnly session cookie set when signing in (PUT /api/auth/me/passcodes).',
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description: "The session's token as `Authorization: Bearer <token>`, for clients that keep no cookies.",
  },
} as const;

type SecurityRequirement = Record<string, string[]>;

/**
 * The `security` of a call (ADR 0090). A role group is the scope of the requirement, as OpenAPI
 * 3.1 allows for schemes other than OAuth. A public call takes a session when there is one (the
 * answer may depend on it), so its first requirement is the empty one: anonymous is fine.
 */
export function securityFor(access: 'public' | 'user' | readonly RoleGroup[]): SecurityRequirement[] {
  const scopes = access === 'public' || access === 'user' ? [] : [...access];
  const session: SecurityRequirement[] = [{ sessionCookie: scopes }, { bearerToken: scopes }];
  return access === 'public' ? [{}, ...session] : session;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

/** The error answers every call shares, in the API's error body (plugins/errors.ts). */
export const ERROR_RESPONSES = {
  BadRequest: errorResponse('Bad input: a field, parameter or query that does not pass the contract; `field` names it.'),
  Unauthorized: errorResponse('Not signed in, or the session presented has ended.'),
  Forbidden: errorResponse(
    "Signed in without the role group the call needs, or a cookie-carrying change sent from another site's page.",
  ),
  NotFound: errorResponse('Nothing with that identifier, or nothing the caller may see.'),
  TooManyRequests: errorResponse('Too many calls from this address or account; wait for the time in `Retry-After`.'),
} as const;

export interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  security?: SecurityRequirement[];
  parameters?: { in: string }[];
  responses?: Record<string, unknown>;
}

const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The error answers a call can give, from what it declares (ADR 0090): any call can be refused as
 * bad input (a malformed address at least), be held to the rate limits, or meet an ended bearer
 * session; a role group's call or a cookie-carrying change can be forbidden; an address with a
 * path parameter names something that may not exist; a conflict where the contract declares one.
 */
export function errorResponsesFor(method: string, operation: OpenApiOperation, conflict?: string): Record<string, unknown> {
  const needsRole = (operation.security ?? []).some((requirement) =>
    Object.values(requirement).some((scopes) => scopes.length > 0),
  );
  const byPath = (operation.parameters ?? []).some((parameter) => parameter.in === 'path');
  return {
    400: ref('BadRequest'),
    401: ref('Unauthorized'),
    ...(needsRole || UNSAFE.has(method) ? { 403: ref('Forbidden') } : {}),
    ...(byPath ? { 404: ref('NotFound') } : {}),
    ...(conflict ? { 409: errorResponse(conflict) } : {}),
    429: ref('TooManyRequests'),
  };
}

/** What each tag groups, for the document's reader (docs/product.md names the parts). */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Signing in with an e-mailed passcode, the account, its sessions and its e-mail choices.',
  messages: 'The helpdesk form, the message threads between learners and staff, and the staff inbox.',
  videos: 'The catalogue: videos, courses, live lessons, free resources, My List, progress and practice.',
  finance: 'The membership: products, prices, subscriptions, payment methods and the payment provider.',
  analytics: 'Actions the site records as people use it.',
  platform: 'Health, error reports and the other calls of the platform itself.',
  staff: 'Staff tools: members, the audit log, reports and settings.',
  mailers: 'Staff mailers: e-mails written and sent to groups of members.',
  'videos editor': 'The Editor group: writing, scheduling and publishing videos and their captions and chords.',
  'courses editor': 'The Editor group: courses, their order, entries and testimonials.',
  'live streams editor': 'Live lessons: streams, their keys and question queue (Editor and Staff groups).',
  'free resources editor': 'The Editor group: free downloadable resources.',
};
