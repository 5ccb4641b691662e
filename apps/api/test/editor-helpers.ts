import qs from 'qs';
import { and, eq, tables, type Database } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from './test-app.ts';

/**
 * Scaffolding shared by the content editors' integration tests (ADR 0037): the calls as the web
 * client makes them, the users of each role, slugs that never collide and the audit entries of
 * one row. Each test file still builds its own app (a fresh database per file).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type TestUser = Awaited<ReturnType<typeof createUserWithSession>>;

/** The wire body these tests read (dates arrive as strings; the types only guide the reading). */
export interface EditorTestBody<Data> {
  data: Data;
  errors: { message: string; code: string; field?: string }[];
}

/** `call` sends JSON (or nothing); `callForm` the web client's encoding. `t` is read at call time. */
export function createEditorCalls(getApp: () => TestApp) {
  const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>) =>
    getApp().app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  /** The web client's encoding (product.md#calls): form-encoded with nested bracket keys. */
  const callForm = (method: Method, url: string, token: string, body: Record<string, unknown>) =>
    getApp().app.inject({
      method,
      url,
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: qs.stringify(body, { encodeValuesOnly: true }),
    });

  return { call, callForm };
}

/** Slugs unique within a test file: `stem-1`, `stem-2`… */
export function createSlugMaker(defaultStem: string): (stem?: string) => string {
  let counter = 0;
  return (stem = defaultStem) => `${stem}-${++counter}`;
}

export interface EditorTestUsers {
  /** Has the Editor role itself. */
  editor: TestUser;
  /** Another role of the Editor group (Superadmin, Admin, Director), which may edit too. */
  otherEditor: TestUser;
  /** Staff only: not in the Editor group. */
  staff: TestUser;
  /** No role at all. */
  learner: TestUser;
}

/** A seeded app and one user of each kind the editor guards tell apart. */
export async function createEditorTestApp(options: {
  otherEditorRole: 'Superadmin' | 'Admin' | 'Director';
  editorEmail?: string;
}): Promise<{ t: TestApp; users: EditorTestUsers }> {
  const t = await createTestApp({ seed: true });
  const editor = await createUserWithSession(t.db, {
    ...(options.editorEmail ? { email: options.editorEmail } : {}),
    roles: ['Editor'],
  });
  const otherEditor = await createUserWithSession(t.db, { roles: [options.otherEditorRole] });
  const staff = await createUserWithSession(t.db, { roles: ['Staff'] });
  const learner = await createUserWithSession(t.db);
  return { t, users: { editor, otherEditor, staff, learner } };
}

/** The audit entries of one row (`targetType` as the service records it: 'video', 'course'…). */
export function findAuditEntries(db: Database, targetType: string, id: number | string) {
  return db
    .select()
    .from(tables.auditLog)
    .where(and(eq(tables.auditLog.targetType, targetType), eq(tables.auditLog.targetId, String(id))));
}
