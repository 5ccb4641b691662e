import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, tables } from '@fretline/db';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestDatabase, createUserWithSession } from '../../test/test-app.ts';
import { inProcessFetch, type InProcessFetch } from './in-process-fetch.ts';

// The loaders' way into the API of their own process (ADR 0062): the API must see what it saw
// over loopback HTTP, the visitor's address included.
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let fetchApi: InProcessFetch;
// The origin the loaders build their URLs on (apps/web/app/lib/config.server.ts).
const ORIGIN = 'http://127.0.0.1:3000';

beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: db.handle, rateLimit: { max: 3, timeWindow: 60_000 } });
  await app.ready();
  fetchApi = inProcessFetch(app);
});
afterAll(async () => {
  await app.close();
  await db.drop();
});

describe('inProcessFetch', () => {
  it('answers what the API answers: status, headers and body, uncompressed', async () => {
    const user = await createUserWithSession(db.handle.db, { firstName: 'Ann' });
    const res = await fetchApi(`${ORIGIN}/api/auth/me`, {
      headers: {
        authorization: `Bearer ${user.token}`,
        'x-correlation-id': 'abcdefghijabcdefghij',
        'x-forwarded-for': '198.51.100.1',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-correlation-id')).toBe('abcdefghijabcdefghij');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-encoding')).toBeNull();
    const body = (await res.json()) as { data: { user: { id_user: number; first_name: string } } };
    expect(body.data.user).toMatchObject({ id_user: user.idUser, first_name: 'Ann' });
  });

  it("records the visitor's forwarded address, as over loopback (ADR 0004)", async () => {
    const user = await createUserWithSession(db.handle.db);
    // Last seen long ago, so this request writes the session's address.
    await db.handle.db
      .update(tables.sessions)
      .set({ sessionAccessed: new Date(Date.now() - 3_600_000) })
      .where(eq(tables.sessions.idSession, user.idSession));
    const res = await fetchApi(`${ORIGIN}/api/auth/me`, {
      headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': '198.51.100.2' },
    });
    expect(res.status).toBe(200);
    const [session] = await db.handle.db
      .select({ ip: tables.sessions.sessionIp })
      .from(tables.sessions)
      .where(eq(tables.sessions.idSession, user.idSession));
    expect(session?.ip).toBe('198.51.100.2');
  });

  it("spends the visitor's per-IP budget, not one shared by every visitor", async () => {
    const from = (ip: string) => fetchApi(`${ORIGIN}/api/videos/videos`, { headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expect((await from('198.51.100.3')).status).toBe(200);
    const limited = await from('198.51.100.3');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await from('198.51.100.4')).status).toBe(200);
  });

  it('passes a form body, and keeps every Set-Cookie of the answer', async () => {
    const res = await fetchApi(`${ORIGIN}/api/auth/me`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '198.51.100.5',
      },
      body: 'first_name=Ann&last_name=Lee&email=not-an-address',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { field?: string }[] };
    expect(body.errors[0]?.field).toBe('email');

    const stale = await fetchApi(`${ORIGIN}/api/auth/me`, {
      headers: { cookie: 'token=not-a-session', 'x-forwarded-for': '198.51.100.5' },
    });
    expect(stale.status).toBe(200);
    expect(stale.headers.getSetCookie().some((c) => c.startsWith('token=;'))).toBe(true);
  });

  it('rejects a cancelled call as fetch does', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(fetchApi(`${ORIGIN}/api/health`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
