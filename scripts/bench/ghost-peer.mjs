// Ghost 5 as the peer of the page rows (ADR 0056). With PEER_GHOST_DIR pointing at an install made
// with the recipe of ../shared/peers/ghost.md (start.sh, stop.sh, production mode, SQLite), the bench
// starts it, measures its home page and its one post with the same client settings, and stops it.
// Otherwise it answers the figures recorded there (this machine, autocannon, 50 connections, 10 s),
// marked as recorded, not measured in this run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** ../shared/peers/ghost.md, production mode, the better of its two runs each. */
const RECORDED = {
  source: 'recorded in ../shared/peers/ghost.md (not measured in this run)',
  home: { rps: 80.4, p99: 959 },
  post: { rps: 80.0, p99: 772 },
};

export async function measureGhost(measure) {
  const dir = process.env.PEER_GHOST_DIR;
  if (!dir || !existsSync(path.join(dir, 'start.sh'))) return RECORDED;
  const origin = process.env.PEER_GHOST_URL ?? 'http://127.0.0.1:2368';
  try {
    execFileSync(path.join(dir, 'start.sh'), { cwd: dir, stdio: 'ignore', env: { ...process.env, GHOST_ENV: 'production' } });
    const home = await measure(origin, {
      name: 'Ghost 5: GET /',
      path: '/',
      readyPath: '/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const post = await measure(origin, {
      name: 'Ghost 5: GET /coming-soon/',
      path: '/coming-soon/',
      readyPath: '/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    return { source: `measured in this run (${dir})`, home, post };
  } catch (err) {
    console.error(`Ghost peer failed (${err instanceof Error ? err.message : String(err)}); using the recorded figures`);
    return RECORDED;
  } finally {
    try {
      execFileSync(path.join(dir, 'stop.sh'), { cwd: dir, stdio: 'ignore' });
    } catch {
      // already stopped
    }
  }
}
