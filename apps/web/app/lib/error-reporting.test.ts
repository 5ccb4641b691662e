// @vitest-environment happy-dom
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiTestServer } from '../../test/api-server';
import { reportClientError } from './error-reporting';

// Against the real API (ADR 0054): a report is the declared platform.reportError call, and the API
// stores what it received.
let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

const storedMessages = async () => (await server.recordedErrorReports()).map((row) => row.message);

describe('reportClientError', () => {
  it('sends an unhandled error to the API once per page, with the page address', async () => {
    reportClientError('TypeError: x is undefined');
    reportClientError('TypeError: x is undefined');
    await vi.waitFor(async () => expect(await storedMessages()).toEqual(['TypeError: x is undefined']), { timeout: 5_000 });
    const [row] = await server.recordedErrorReports();
    expect(row?.url).toBe(window.location.href);
  });

  it('stops after ten distinct reports on one page, so a render loop cannot flood the server', async () => {
    for (let i = 0; i < 15; i += 1) reportClientError(`Error ${i}`);
    // The first test's report counts towards the ten.
    await vi.waitFor(async () => expect(await storedMessages()).toHaveLength(10), { timeout: 5_000 });
    expect(await storedMessages()).not.toContain('Error 9');
  });
});
