import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../test/test-app.ts';
import { makeMember } from '../../test/membership.ts';

/**
 * Real answers against the API description (ADR 0090): each call below is made on an app built in
 * process, signed out, as a member and as staff, and its body must match the schema the
 * description gives for the status it answered, success or error, so the description cannot drift
 * from the wire (a date declared ISO while the wire says `YYYY-MM-DD HH:mm:ss` fails here).
 */

interface ResponseObject {
  $ref?: string;
  content?: { 'application/json'?: { schema: unknown } };
}
interface Operation {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, ResponseObject> };
}

type Caller = 'visitor' | 'member' | 'staff' | 'editor';

interface Case {
  operationId: string;
  caller: Caller;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string | (() => string);
  body?: Record<string, unknown> | (() => Record<string, unknown>);
  status: number;
}

// Seeded demo content (packages/db/src/seed/catalogue.ts).
const FREE_VIDEO = 'holding-the-guitar';
const PREMIUM_VIDEO = 'c-and-d-chords';
const COURSE = 'beginner-guitar-course';

let t: TestApp;
let doc: Document;
const tokens: Partial<Record<Caller, string>> = {};
let memberId = 0;
let freeVideoId = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const member = await createUserWithSession(t.db);
  await makeMember(t.db, member.idUser);
  memberId = member.idUser;
  tokens.member = member.token;
  tokens.staff = (await createUserWithSession(t.db, { roles: ['Staff'] })).token;
  // Editor and Director calls: the Director role is in both groups (product.md#roles).
  tokens.editor = (await createUserWithSession(t.db, { roles: ['Director'] })).token;
  doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json<Document>();
  const video = await t.app.inject({ url: `/api/videos/videos/${FREE_VIDEO}` });
  freeVideoId = video.json<{ data: { video: { id_video: number } } }>().data.video.id_video;
});
afterAll(() => t.close());

const CASES: Case[] = [
  // Signed out.
  { operationId: 'platform_health', caller: 'visitor', url: '/api/health', status: 200 },
  { operationId: 'auth_getMe', caller: 'visitor', url: '/api/auth/me', status: 200 },
  { operationId: 'videos_listVideos', caller: 'visitor', url: '/api/videos/videos?limit=5', status: 200 },
  { operationId: 'videos_listVideos', caller: 'visitor', url: '/api/videos/videos?limit=none', status: 400 },
  { operationId: 'videos_getVideo', caller: 'visitor', url: `/api/videos/videos/${FREE_VIDEO}`, status: 200 },
  { operationId: 'videos_getVideo', caller: 'visitor', url: `/api/videos/videos/${PREMIUM_VIDEO}`, status: 200 },
  { operationId: 'videos_getVideo', caller: 'visitor', url: '/api/videos/videos/no-such-lesson', status: 404 },
  { operationId: 'videos_listCourses', caller: 'visitor', url: '/api/videos/courses', status: 200 },
  { operationId: 'videos_getCourse', caller: 'visitor', url: `/api/videos/courses/${COURSE}`, status: 200 },
  { operationId: 'videos_listLiveStreams', caller: 'visitor', url: '/api/videos/live', status: 200 },
  { operationId: 'videos_listFreeResources', caller: 'visitor', url: '/api/videos/free-resources', status: 200 },
  { operationId: 'videos_getSitemap', caller: 'visitor', url: '/api/videos/sitemap', status: 200 },
  { operationId: 'messages_getHelpdeskForm', caller: 'visitor', url: '/api/messages/helpdesks/form', status: 200 },
  {
    operationId: 'finance_getProduct',
    caller: 'visitor',
    url: '/api/finance/subscription-products/slug/access-all-areas',
    status: 200,
  },
  { operationId: 'auth_listSessions', caller: 'visitor', url: '/api/auth/me/sessions', status: 401 },
  { operationId: 'videos_listSaved', caller: 'visitor', url: '/api/videos/saved', status: 401 },
  // A member.
  { operationId: 'auth_getMe', caller: 'member', url: '/api/auth/me', status: 200 },
  { operationId: 'auth_listSessions', caller: 'member', url: '/api/auth/me/sessions', status: 200 },
  { operationId: 'messages_unreadCount', caller: 'member', url: '/api/messages/threads/unread/count', status: 200 },
  { operationId: 'messages_listThreads', caller: 'member', url: '/api/messages/threads', status: 200 },
  {
    operationId: 'videos_saveVideo',
    caller: 'member',
    method: 'POST',
    url: '/api/videos/saved',
    body: () => ({ id_video: freeVideoId }),
    status: 201,
  },
  { operationId: 'videos_saveVideo', caller: 'member', method: 'POST', url: '/api/videos/saved', body: {}, status: 400 },
  { operationId: 'videos_listSaved', caller: 'member', url: '/api/videos/saved', status: 200 },
  { operationId: 'videos_getMyVideo', caller: 'member', url: `/api/videos/me/videos/${PREMIUM_VIDEO}`, status: 200 },
  { operationId: 'videos_getMyHome', caller: 'member', url: '/api/videos/me/home', status: 200 },
  { operationId: 'videos_getProgress', caller: 'member', url: '/api/videos/me/progress', status: 200 },
  { operationId: 'videos_getFirstSteps', caller: 'member', url: '/api/videos/me/first-steps', status: 200 },
  { operationId: 'videos_listPracticeSessions', caller: 'member', url: '/api/videos/me/practice-sessions', status: 200 },
  { operationId: 'videos_getPracticeReminder', caller: 'member', url: '/api/videos/me/practice-reminder', status: 200 },
  { operationId: 'videos_getKnownChords', caller: 'member', url: '/api/videos/me/chords', status: 200 },
  { operationId: 'finance_listSubscriptions', caller: 'member', url: '/api/finance/me/subscriptions', status: 200 },
  { operationId: 'finance_listParties', caller: 'member', url: '/api/finance/me/parties', status: 200 },
  { operationId: 'mailers_getDigest', caller: 'member', url: '/api/mailers/me/digest', status: 200 },
  { operationId: 'staff_listMembers', caller: 'member', url: '/api/staff/members', status: 403 },
  // Staff.
  { operationId: 'messages_staffListThreads', caller: 'staff', url: '/api/messages/staff/threads', status: 200 },
  { operationId: 'messages_staffCounts', caller: 'staff', url: '/api/messages/staff/counts', status: 200 },
  { operationId: 'messages_staffListSavedReplies', caller: 'staff', url: '/api/messages/staff/saved-replies', status: 200 },
  {
    operationId: 'messages_staffCreateSavedReply',
    caller: 'staff',
    method: 'POST',
    url: '/api/messages/staff/saved-replies',
    body: { saved_reply_title: 'Tuning', saved_reply_body: 'Try the tuner on the practice page.' },
    status: 200,
  },
  {
    operationId: 'messages_staffGetNotificationPrefs',
    caller: 'staff',
    url: '/api/messages/staff/notification-prefs',
    status: 200,
  },
  { operationId: 'staff_listAudit', caller: 'staff', url: '/api/staff/audit', status: 200 },
  { operationId: 'staff_listMembers', caller: 'staff', url: '/api/staff/members', status: 200 },
  { operationId: 'staff_getMember', caller: 'staff', url: () => `/api/staff/members/${memberId}`, status: 200 },
  { operationId: 'staff_getMember', caller: 'staff', url: '/api/staff/members/999999', status: 404 },
  { operationId: 'mailers_listMailers', caller: 'staff', url: '/api/mailers/mailers', status: 200 },
  { operationId: 'mailers_listLessonCards', caller: 'staff', url: '/api/mailers/lessons', status: 200 },
  { operationId: 'editor_listLiveStreams', caller: 'staff', url: '/api/videos/editor/live-streams', status: 200 },
  { operationId: 'editor_listVideos', caller: 'staff', url: '/api/videos/editor/videos', status: 403 },
  // The Editor and Director groups.
  { operationId: 'editor_listVideos', caller: 'editor', url: '/api/videos/editor/videos', status: 200 },
  { operationId: 'editor_getVideo', caller: 'editor', url: () => `/api/videos/editor/videos/${freeVideoId}`, status: 200 },
  { operationId: 'editor_getVideoOptions', caller: 'editor', url: '/api/videos/editor/videos/options', status: 200 },
  { operationId: 'editor_listCourses', caller: 'editor', url: '/api/videos/editor/courses', status: 200 },
  { operationId: 'editor_listFreeResources', caller: 'editor', url: '/api/videos/editor/free-resources', status: 200 },
  { operationId: 'finance_listCoupons', caller: 'editor', url: '/api/finance/staff/coupons', status: 200 },
  {
    operationId: 'finance_createCoupon',
    caller: 'editor',
    method: 'POST',
    url: '/api/finance/staff/coupons',
    body: { coupon_code: 'AUTUMN10', percent_off: 10, coupon_duration: 'once' },
    status: 201,
  },
  // The same code again: the 409 the contract declares for this call.
  {
    operationId: 'finance_createCoupon',
    caller: 'editor',
    method: 'POST',
    url: '/api/finance/staff/coupons',
    body: { coupon_code: 'Autumn10', percent_off: 5, coupon_duration: 'once' },
    status: 409,
  },
  {
    operationId: 'finance_getRetentionOfferSettings',
    caller: 'editor',
    url: '/api/finance/staff/retention-offer',
    status: 200,
  },
];

/** The operation of that id, with every `$ref` it holds replaced by what it points at. */
function operation(operationId: string): Operation {
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) if (op.operationId === operationId) return op;
  }
  throw new Error(`no operation ${operationId} in the description`);
}

function resolve(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolve);
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/')) {
    const [, , section, name] = ref.split('/');
    const target = (doc.components as unknown as Record<string, Record<string, unknown>>)[section!]?.[name!];
    if (!target) throw new Error(`unresolved ${ref}`);
    return resolve(target);
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
}

const ajv = new Ajv2020({ allErrors: true, strict: true });
const validators = new Map<string, ValidateFunction>();

function validatorFor(operationId: string, status: number): ValidateFunction {
  const key = `${operationId} ${status}`;
  const known = validators.get(key);
  if (known) return known;
  const response = resolve(operation(operationId).responses[String(status)]) as ResponseObject | undefined;
  if (!response) throw new Error(`${operationId} answered ${status}, which its description does not document`);
  const schema = response.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${operationId} ${status} documents no JSON body`);
  const validate = ajv.compile(schema);
  validators.set(key, validate);
  return validate;
}

describe('real answers match the API description', () => {
  it('covers at least 30 different calls across the services, signed out, as a member and as staff', () => {
    const calls = new Set(CASES.map((c) => c.operationId));
    expect(calls.size).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c.operationId.slice(0, c.operationId.indexOf('_'))))).toEqual(
      new Set(['platform', 'auth', 'videos', 'messages', 'finance', 'mailers', 'staff', 'editor']),
    );
    expect(new Set(CASES.map((c) => c.caller))).toEqual(new Set(['visitor', 'member', 'staff', 'editor']));
  });

  // In order: a later case may read what an earlier one made (the member's saved video).
  it.each(CASES.map((c) => [`${c.caller} ${c.operationId} ${c.status}`, c] as const))('%s', async (_label, c) => {
    const token = c.caller === 'visitor' ? undefined : tokens[c.caller];
    const url = typeof c.url === 'function' ? c.url() : c.url;
    const body = typeof c.body === 'function' ? c.body() : c.body;
    const res = await t.app.inject({
      method: c.method ?? 'GET',
      url,
      headers: token ? bearer(token) : {},
      ...(body ? { payload: body } : {}),
    });
    expect(res.statusCode, res.body).toBe(c.status);
    const validate = validatorFor(c.operationId, c.status);
    const valid = validate(res.json());
    expect(valid ? [] : validate.errors?.map((e) => `${e.instancePath} ${e.message ?? ''}`), res.body.slice(0, 500)).toEqual([]);
  });
});
