// An editor's publish forgets cached pages on every instance (ADR 0059, with the signed-out page
// cache of ADR 0056): it runs against a cluster whose instances keep rendered pages in memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type Instance } from './cluster.ts';
import { call, signIn } from './client.ts';

const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 4400) + 80;
// Seeded demo content (packages/db/src/seed/catalogue.ts).
const SLUG = 'holding-the-guitar';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cached pages across instances (ADR 0056, ADR 0059)', () => {
  let cluster: Cluster;
  let a: Instance;
  let editor: { token: string };
  let idVideo: number;

  beforeAll(async () => {
    cluster = await startCluster({ layout: 'app', instances: 2, basePort: BASE_PORT });
    a = cluster.api[0]!;
    editor = await signIn(cluster, 'editor@example.com', a.url);
    const listed = await call(a.url, 'GET', `/api/videos/editor/videos?q=${SLUG}`, { token: editor.token });
    const videos = listed.json<{ data: { videos: { id_video: number; video_slug: string }[] } }>().data.videos;
    idVideo = videos.find((v) => v.video_slug === SLUG)!.id_video;
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  /** The signed-out page's status on each instance, asked for directly (no balancer in between). */
  const statuses = async () =>
    Promise.all(cluster.instances.map(async (i) => (await call(i.url, 'GET', `/videos/${SLUG}`)).status));

  /** Polls until every instance answers `status`, and says how long that took. */
  async function everyInstanceAnswers(status: number): Promise<number> {
    const started = Date.now();
    for (;;) {
      if ((await statuses()).every((s) => s === status)) return Date.now() - started;
      if (Date.now() - started > 5_000) throw new Error(`not every instance answers ${status}: ${(await statuses()).join(', ')}`);
      await sleep(50);
    }
  }

  const publish = async (published: boolean) => {
    const res = await call(a.url, 'PUT', `/api/videos/editor/videos/${idVideo}/published`, {
      token: editor.token,
      body: { video_published: published },
    });
    expect(res.status, res.body).toBe(200);
  };

  it('stops serving an unpublished video on every instance, and serves it again once republished', async () => {
    // Rendered twice on each instance: the second answer comes from its page cache.
    expect(await statuses()).toEqual([200, 200]);
    const cached = await Promise.all(
      cluster.instances.map(async (i) => (await call(i.url, 'GET', `/videos/${SLUG}`)).headers.get('x-page-cache')),
    );
    expect(cached).toEqual(['hit', 'hit']);

    await publish(false);
    // Each instance reads the shared content version every 250 ms (ADR 0056).
    expect(await everyInstanceAnswers(404)).toBeLessThan(1_000);

    await publish(true);
    expect(await everyInstanceAnswers(200)).toBeLessThan(1_000);
  });
});
