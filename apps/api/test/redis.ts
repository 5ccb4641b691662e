import { connect } from 'node:net';

/** The Redis the tests may use: TEST_REDIS_URL, or the one beside PostgreSQL (STACK-NOTES.md). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers; tests that need it are skipped where it does not run. */
export function isTestRedisUp(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(testRedisUrl);
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
