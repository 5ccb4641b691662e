// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiTestServer } from '../../../test/api-server';
import { loader } from './videos';

// The page's own loader against the real API (ADR 0054): what the API refuses in the page's URL is a
// 400 with the API's words for the error page, never the 500 page.
let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiServer({ seed: true });
});
afterAll(() => server.close());

const load = (path: string) =>
  loader({ request: server.pageRequest(path), params: {}, context: {} } as never).then(
    () => null,
    (thrown: unknown) => thrown,
  );

describe('/videos with a query the API refuses', () => {
  it.each([
    ['a search over 200 characters', `/videos?search=${'a'.repeat(201)}`],
    ['an unknown order', '/videos?order=sideways'],
    ['an unknown playable filter', '/videos?playable=someday'],
    ['a facet value over 200 characters', `/videos?genre=${'b'.repeat(201)}`],
  ])('answers 400 with the API’s message for %s', async (_name, path) => {
    // React Router's data(): the error page gets its `data` at its `init.status`.
    const thrown = (await load(path)) as { data?: unknown; init?: { status?: number } } | null;
    expect(thrown?.init?.status).toBe(400);
    expect(thrown?.data).toEqual(expect.stringMatching(/\w/));
  });

  it('still lists the videos for a good query', async () => {
    expect(await load('/videos?search=blues&order=video_title')).toBeNull();
  });
});
