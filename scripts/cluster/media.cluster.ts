// The teacher's media pipeline on several instances (ADR 0063): a resumable upload's requests reach
// the instance that keeps its bytes, and each instance takes encoders on an RTMP port of its own
// behind the balancer's, which is the one the console tells the teacher.
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_MEDIA_PATH_HEADER, RESUMABLE_UPLOAD_PATH } from '@fretline/contract';
import { startCluster, type Cluster } from './cluster.ts';
import { call, signIn } from './client.ts';

const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 4400) + 120;
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

/** A tus request through `base`, with the balancer's stickiness cookie when there is one. */
async function tus(base: string, method: string, url: string, headers: Record<string, string>, body?: Buffer) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', ...headers },
    ...(body ? { body } : {}),
  });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

describe('the media pipeline behind HAProxy (ADR 0063)', () => {
  let cluster: Cluster;
  let admin: { token: string };

  beforeAll(async () => {
    cluster = await startCluster({ layout: 'app', instances: 2, basePort: BASE_PORT });
    admin = await signIn(cluster, 'admin@example.com', cluster.api[0]!.url);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('sends every request of one resumable upload to the instance that keeps it', async () => {
    // An MP4's first bytes (ADR 0039's check), then filler: four chunks, as a client resuming would send.
    const file = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(200_000, 7)]);
    const auth = { authorization: `Bearer ${admin.token}` };
    const created = await tus(cluster.url, 'POST', RESUMABLE_UPLOAD_PATH, {
      ...auth,
      'upload-length': String(file.length),
      'upload-metadata': `filename ${Buffer.from('lesson.mp4').toString('base64')}`,
    });
    expect(created.status, created.body).toBe(201);
    const url = new URL(created.headers.get('location')!, cluster.url).pathname;
    const keeper = created.headers.get('x-served-by');
    const cookie = created.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^fretline_upload=app\d$/);
    expect(created.headers.get('set-cookie')).toContain(`Path=${RESUMABLE_UPLOAD_PATH}`);

    // Without the cookie, round robin reaches the other instance, which knows nothing of it.
    const blind = await Promise.all([1, 2].map(() => tus(cluster.url, 'HEAD', url, auth)));
    expect(blind.map((r) => r.status).sort()).toEqual([200, 404]);

    const quarter = Math.ceil(file.length / 4);
    let last: Awaited<ReturnType<typeof tus>> | undefined;
    for (let offset = 0; offset < file.length; offset += quarter) {
      const resumed = await tus(cluster.url, 'HEAD', url, { ...auth, cookie });
      expect(resumed.headers.get('upload-offset')).toBe(String(offset));
      last = await tus(
        cluster.url,
        'PATCH',
        url,
        { ...auth, cookie, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        file.subarray(offset, offset + quarter),
      );
      expect(last.status, last.body).toBe(204);
      expect([resumed.headers.get('x-served-by'), last.headers.get('x-served-by')]).toEqual([keeper, keeper]);
    }
    // Finished: the file went to the shared media store, from which any instance serves it.
    expect(last!.headers.get(RESUMABLE_MEDIA_PATH_HEADER)).toMatch(/^uploads\/\d{4}\/\d{2}\/.+\.mp4$/);
  });

  it.skipIf(!hasFfmpeg)('takes an encoder on the balancer RTMP port the console names, whichever instance ingests', async () => {
    const created = await call(cluster.url, 'POST', '/api/videos/editor/live-streams', {
      token: admin.token,
      body: {
        stream_title: 'Cluster jam',
        stream_slug: 'cluster-jam',
        stream_starts: new Date(Date.now() - 60_000).toISOString(),
        stream_ends: new Date(Date.now() + 3_600_000).toISOString(),
        stream_premium: false,
        id_video_replay: '',
      },
    });
    expect(created.status, created.body).toBe(201);
    const stream = created.json<{ data: { stream: { id_live_stream: number; stream_key: string; stream_ingest_url: string } } }>()
      .data.stream;
    expect(stream.stream_ingest_url).toBe(cluster.rtmpUrl);
    const published = await call(cluster.url, 'PUT', `/api/videos/editor/live-streams/${stream.id_live_stream}/published`, {
      token: admin.token,
      body: { stream_published: true },
    });
    expect(published.status).toBe(200);

    const encoder = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=20'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=20'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv'],
        `${stream.stream_ingest_url}/${stream.stream_key}`,
      ],
      { stdio: 'ignore' },
    );
    try {
      // Viewers on any instance see it on air, with a playlist in the shared store.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const reads = await Promise.all(cluster.api.map((i) => call(i.url, 'GET', '/api/videos/live/cluster-jam')));
        const streams = reads.map(
          (r) => r.json<{ data: { stream: { stream_on_air: string; stream_manifest_signed: string | null } } }>().data.stream,
        );
        if (streams.every((s) => s.stream_on_air === 'live' && s.stream_manifest_signed)) break;
        if (Date.now() > deadline) throw new Error(`not live on every instance: ${JSON.stringify(streams)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      encoder.kill('SIGINT');
    }
  });
});
