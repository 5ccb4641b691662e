import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaNameOf, type MediaListResponse } from '@fretline/contract';
import { tables } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../../test/test-app.ts';

type User = Awaited<ReturnType<typeof createUserWithSession>>;
let t: TestApp;
let mediaDir: string;
let editor: User;
let staff: User;
let learner: User;

const URL_BASE = '/api/videos/editor/media';

const list = (query: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `${URL_BASE}${query}`, headers: token ? bearer(token) : {} });

async function put(rel: string, bytes: string, when: Date) {
  const file = path.join(mediaDir, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  await utimes(file, when, when);
}

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'fretline-library-'));
  t = await createTestApp({ config: { MEDIA_DIR: mediaDir } });
  editor = await createUserWithSession(t.db, { roles: ['Editor'], email: 'editor-library@example.com' });
  staff = await createUserWithSession(t.db, { roles: ['Staff'] });
  learner = await createUserWithSession(t.db);
  await put('uploads/2026/10/0123456789abcdef-open-chords.jpg', 'jpg', new Date('2026-10-01T10:00:00Z'));
  await put('uploads/2026/11/fedcba9876543210-blues-backing.mp3', 'mp3 bytes', new Date('2026-11-02T10:00:00Z'));
  await put('uploads/2026/11/aaaaaaaaaaaaaaaa-tab-sheet.pdf', 'pdf', new Date('2026-11-03T10:00:00Z'));
  // Never offered: work in progress, HLS renditions, a file an upload could not have been.
  await put('uploads/.resumable/abc/part', 'x', new Date('2026-11-04T10:00:00Z'));
  await put('uploads/2026/11/.0011223344556677.part', 'x', new Date('2026-11-04T10:00:00Z'));
  await put('streams/12/ab/master.m3u8', '#EXTM3U', new Date('2026-11-04T10:00:00Z'));
  await put('uploads/2026/11/notes.txt', 'x', new Date('2026-11-04T10:00:00Z'));
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('GET /api/videos/editor/media (ADR 0068)', () => {
  it('lists uploads newest first with name, kind, size, date and a signed URL that serves the file', async () => {
    const res = await list('?limit=100', editor.token);
    expect(res.statusCode, res.body).toBe(200);
    const { media, total } = res.json<MediaListResponse>().data;
    const uploads = media.filter((m) => m.media_path.startsWith('uploads/'));
    expect(uploads.map((m) => m.name)).toEqual(['tab-sheet.pdf', 'blues-backing.mp3', 'open-chords.jpg']);
    expect(uploads[1]).toMatchObject({
      media_path: 'uploads/2026/11/fedcba9876543210-blues-backing.mp3',
      kind: 'audio',
      content_type: 'audio/mpeg',
      bytes: 9,
      modified: '2026-11-02T10:00:00.000Z',
    });
    // The demo media is offered too: its SVG posters are images.
    expect(media.some((m) => m.media_path === 'demo/posters/song-blues.svg' && m.kind === 'image')).toBe(true);
    expect(media.some((m) => /\.(m3u8|ts|txt|part)$|\/\.|^streams\//.test(m.media_path))).toBe(false);
    expect(total).toBe(media.length);
    const served = await t.app.inject({ method: 'GET', url: uploads[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('pdf');
  });

  it('searches by part of the name, keeps one kind, and pages', async () => {
    const byName = (await list('?q=BLUES', editor.token)).json<MediaListResponse>().data;
    expect(byName.media.map((m) => m.media_path)).toContain('uploads/2026/11/fedcba9876543210-blues-backing.mp3');
    expect(byName.media.every((m) => m.name.toLowerCase().includes('blues'))).toBe(true);
    // The random prefix is not part of the name.
    expect((await list('?q=fedcba', editor.token)).json<MediaListResponse>().data.total).toBe(0);

    const documents = (await list('?kind=document', editor.token)).json<MediaListResponse>().data;
    expect(documents.media.length).toBeGreaterThan(0);
    expect(documents.media.every((m) => m.kind === 'document')).toBe(true);
    expect(documents.media.map((m) => m.name)).toContain('tab-sheet.pdf');

    const all = (await list('?kind=image&limit=100', editor.token)).json<MediaListResponse>().data;
    const first = (await list('?kind=image&limit=2', editor.token)).json<MediaListResponse>().data;
    const second = (await list('?kind=image&limit=2&offset=2', editor.token)).json<MediaListResponse>().data;
    expect(first.total).toBe(all.total);
    expect([...first.media, ...second.media].map((m) => m.media_path)).toEqual(all.media.slice(0, 4).map((m) => m.media_path));
  });

  it('lists streams only when asked: the demo clips and processed videos by title and poster, never renditions', async () => {
    await put('streams/12/ab/720p/index.m3u8', '#EXTM3U', new Date('2026-11-04T10:00:00Z'));
    await put('streams/12/ab/poster-1.jpg', 'jpg', new Date('2026-11-04T10:00:00Z'));
    await t.db.insert(tables.videos).values({
      videoTitle: 'Processed blues lesson',
      videoSlug: 'processed-blues-lesson',
      videoPlayer: 'stream',
      videoCategory: 'Lesson',
      streamStatus: 'ready',
      streamFolder: 'streams/12/ab',
      streamManifest: 'streams/12/ab/master.m3u8',
      streamPoster: 'streams/12/ab/poster-1.jpg',
    });
    const streams = (await list('?kind=stream&limit=100', editor.token)).json<MediaListResponse>().data;
    expect(streams.media.every((m) => m.kind === 'stream')).toBe(true);
    const processed = streams.media.find((m) => m.media_path === 'streams/12/ab/master.m3u8');
    expect(processed).toMatchObject({ name: 'Processed blues lesson', kind: 'stream' });
    expect(processed?.poster_url).toContain('poster-1.jpg');
    expect(streams.media.find((m) => m.media_path === 'demo/hls/demo-clip/index.m3u8')).toMatchObject({ name: 'demo-clip' });
    expect(streams.media.some((m) => m.media_path.includes('720p'))).toBe(false);
    expect(streams.total).toBe(streams.media.length);
    expect((await list('?kind=stream&q=blues', editor.token)).json<MediaListResponse>().data.media.map((m) => m.name)).toEqual([
      'Processed blues lesson',
    ]);
    // The manifest's signed URL plays: it is served as a playlist.
    expect((await t.app.inject({ method: 'GET', url: processed!.url })).statusCode).toBe(200);
    // The unfiltered library still offers no stream.
    const all = (await list('?limit=100', editor.token)).json<MediaListResponse>().data;
    expect(all.media.some((m) => m.kind === 'stream' || m.media_path.startsWith('streams/'))).toBe(false);
    expect((await list('?kind=stream', staff.token)).statusCode).toBe(403);
  });

  it('refuses a bad kind, limit or search with a 400 and its text', async () => {
    const kind = await list('?kind=folder', editor.token);
    expect(kind.statusCode).toBe(400);
    expect(kind.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe('kind');
    expect((await list('?limit=0', editor.token)).statusCode).toBe(400);
    expect((await list(`?q=${'a'.repeat(101)}`, editor.token)).statusCode).toBe(400);
  });

  it('takes no path: a traversal in the search only searches names', async () => {
    const res = await list(`?q=${encodeURIComponent('../../etc/passwd')}`, editor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<MediaListResponse>().data).toEqual({ media: [], total: 0 });
    const folder = await list(`?folder=${encodeURIComponent('../')}`, editor.token);
    expect(folder.json<MediaListResponse>().data.media.every((m) => /^(uploads|demo)\//.test(m.media_path))).toBe(true);
  });

  it('answers 401 signed out and 403 to roles outside the Editor group', async () => {
    expect((await list('')).statusCode).toBe(401);
    for (const user of [staff, learner]) expect((await list('', user.token)).statusCode).toBe(403);
  });
});

describe('mediaNameOf', () => {
  it('drops the folder and the random prefix, and keeps other names whole', () => {
    expect(mediaNameOf('uploads/2026/11/0123456789abcdef-poster.jpg')).toBe('poster.jpg');
    expect(mediaNameOf('demo/posters/song-blues.svg')).toBe('song-blues.svg');
  });
});
