import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import { UPLOAD_ERRORS, type UploadedMedia } from '@fretline/contract';
import { createMediaStore } from '../../../platform/media/index.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../../test/test-app.ts';
import { hasSignatureOf, safeStem } from './uploads.storage.ts';

type User = Awaited<ReturnType<typeof createUserWithSession>>;
let t: TestApp;
let mediaDir: string;
let editor: User;
let staff: User;
let guest: User;
let learner: User;

const URL_BASE = '/api/videos/editor/uploads';
const MB = 1024 * 1024;

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d4944415478da63f8cfc0f01f0005000201a1d6a4590000000049454e44ae426082', 'hex'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const upload = (filename: string, body: Buffer | Readable, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${URL_BASE}?filename=${encodeURIComponent(filename)}`,
    headers: { 'content-type': 'application/octet-stream', ...(token ? bearer(token) : {}), ...headers },
    payload: body,
  });

/** Every file under MEDIA_DIR/uploads, temporary ones included, relative to MEDIA_DIR. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(mediaDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(mediaDir, path.join(e.parentPath, e.name)));
}

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'fretline-uploads-'));
  t = await createTestApp({ config: { MEDIA_DIR: mediaDir } });
  editor = await createUserWithSession(t.db, { roles: ['Editor'], email: 'editor-uploads@example.com' });
  staff = await createUserWithSession(t.db, { roles: ['Staff'] });
  guest = await createUserWithSession(t.db, { roles: ['Guest'] });
  learner = await createUserWithSession(t.db);
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('POST /api/videos/editor/uploads (ADR 0039)', () => {
  it('stores an image under uploads/YYYY/MM, answers its path and a signed URL, and audits it', async () => {
    const res = await upload('Poster.png', PNG, editor.token);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: UploadedMedia }>().data;
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(data.media_path).toMatch(new RegExp(`^uploads/${month}/[0-9a-f]{16}-poster\\.png$`));
    expect(data).toMatchObject({ content_type: 'image/png', bytes: PNG.length });
    expect(data.url).toMatch(new RegExp(`^/api/videos/media/${data.media_path}\\?exp=\\d+&sig=[\\w-]+$`));
    expect(await readFile(path.join(mediaDir, data.media_path))).toEqual(PNG);
    // Renamed into place: no temporary file is left beside it.
    expect(await storedFiles()).toEqual([data.media_path]);

    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(PNG);

    const audit = await t.db.select().from(tables.auditLog).where(eq(tables.auditLog.targetId, data.media_path));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      auditAction: 'media.upload',
      targetType: 'media',
      idUserActor: editor.idUser,
      auditDiff: { filename: 'Poster.png', content_type: 'image/png', bytes: PNG.length },
    });
  });

  it('stores a PDF for a downloadable asset and serves it as application/pdf', async () => {
    const res = await upload('Chord chart.pdf', PDF, editor.token);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: UploadedMedia }>().data;
    expect(data.media_path).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{16}-chord-chart\.pdf$/);
    expect(data).toMatchObject({ content_type: 'application/pdf', bytes: PDF.length });
    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload).toEqual(PDF);
  });

  it('accepts the video, audio and Guitar Pro kinds by their first bytes', async () => {
    const mp4 = Buffer.concat([Buffer.from('00000018667479706d703432', 'hex'), Buffer.alloc(100)]);
    const webm = Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(100)]);
    const mp3 = Buffer.concat([Buffer.from('ID3\x04\x00', 'latin1'), Buffer.alloc(100)]);
    const gp5 = Buffer.concat([Buffer.from('\x18FICHIER GUITAR PRO v5.00', 'latin1'), Buffer.alloc(100)]);
    for (const [name, body, type] of [
      ['lesson.mp4', mp4, 'video/mp4'],
      ['lesson.webm', webm, 'video/webm'],
      ['backing track.mp3', mp3, 'audio/mpeg'],
      ['riff.gp5', gp5, 'application/octet-stream'],
    ] as const) {
      const res = await upload(name, body, editor.token);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect(res.json<{ data: UploadedMedia }>().data.content_type).toBe(type);
    }
  });

  it('cleans an unsafe file name: no path, no markup, accents folded, extension lower-cased', async () => {
    const res = await upload('../../etc/<script>Évil  Name!!.PNG', PNG, editor.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: UploadedMedia }>().data.media_path).toMatch(
      /^uploads\/\d{4}\/\d{2}\/[0-9a-f]{16}-script-evil-name\.png$/,
    );
    expect(safeStem('...')).toBe('file');
    expect(safeStem('.hidden.png')).toBe('hidden');
    expect(safeStem('a\\b\\c:d.jpg')).toBe('c-d');
  });

  it.each([
    ['setup.exe', UPLOAD_ERRORS.notAllowed('exe')],
    ['page.html', UPLOAD_ERRORS.notAllowed('html')],
    ['no-extension', UPLOAD_ERRORS.notAllowed('')],
    ['logo.svg', UPLOAD_ERRORS.svg],
  ])('refuses %s with a 415 that says what is accepted', async (filename, message) => {
    const before = await storedFiles();
    const res = await upload(filename, PNG, editor.token);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ errors: [{ code: 'UPLOAD_TYPE_NOT_ALLOWED', message }] });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file whose bytes are not what its extension says, and keeps nothing of it', async () => {
    const before = await storedFiles();
    const res = await upload('photo.png', Buffer.from('<html><script>alert(1)</script></html>'.repeat(10)), editor.token);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ errors: [{ code: 'UPLOAD_CONTENT_MISMATCH', message: UPLOAD_ERRORS.mismatch('png') }] });
    // A PDF named .jpg is just as wrong.
    expect((await upload('scan.jpg', PDF, editor.token)).statusCode).toBe(415);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an image over 10 MB with a 413, from its Content-Length before reading it', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * MB)]);
    const res = await upload('huge.png', big, editor.token);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      errors: [{ code: 'UPLOAD_TOO_LARGE', message: 'That image is too large: the limit is 10 MB.' }],
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('stops a streamed image without a Content-Length once it passes 10 MB, and removes the partial file', async () => {
    const before = await storedFiles();
    function* chunks() {
      yield PNG;
      for (let i = 0; i < 11; i++) yield Buffer.alloc(MB);
    }
    const res = await upload('streamed.png', Readable.from(chunks()), editor.token);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ errors: [{ code: 'UPLOAD_TOO_LARGE' }] });
    // Nothing left behind, not even the hidden temporary file.
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an empty file, a missing file name and a body that is not the raw file', async () => {
    const empty = await upload('empty.pdf', Buffer.alloc(0), editor.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: [{ message: UPLOAD_ERRORS.empty }] });

    const unnamed = await t.app.inject({
      method: 'POST',
      url: URL_BASE,
      headers: { 'content-type': 'application/octet-stream', ...bearer(editor.token) },
      payload: PNG,
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ errors: [{ code: 'VALIDATION', field: 'filename' }] });

    const json = await t.app.inject({
      method: 'POST',
      url: `${URL_BASE}?filename=a.png`,
      headers: bearer(editor.token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers 401 signed out and 403 to every role outside the Editor group', async () => {
    const before = await storedFiles();
    expect((await upload('a.png', PNG)).statusCode).toBe(401);
    for (const user of [staff, guest, learner]) {
      const res = await upload('a.png', PNG, user.token);
      expect(res.statusCode).toBe(403);
    }
    // A signed-in editor's cookie from another site's page is refused (the API's CSRF rule).
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${URL_BASE}?filename=a.png`,
      headers: { 'content-type': 'application/octet-stream', cookie: `token=${editor.token}`, origin: 'https://evil.example' },
      payload: PNG,
    });
    expect(foreign.statusCode).toBe(403);
    expect(await storedFiles()).toEqual(before);
  });

  it('closes the connection after refusing a large body it did not read', async () => {
    const res = await upload('a.png', Readable.from([PNG, Buffer.alloc(2 * MB)]));
    expect(res.statusCode).toBe(401);
    expect(res.headers.connection).toBe('close');
  });
});

describe('uploaded media as the media route serves it', () => {
  it('never lets an SVG or HTML file in MEDIA_DIR run script', async () => {
    const store = createMediaStore({ secret: t.config.SECRET_KEY, mediaDir, demoDir: null });
    await mkdir(path.join(mediaDir, 'uploads/legacy'), { recursive: true });
    await writeFile(
      path.join(mediaDir, 'uploads/legacy/x.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await writeFile(path.join(mediaDir, 'uploads/legacy/x.html'), '<script>alert(1)</script>');

    const svg = await t.app.inject({ method: 'GET', url: store.signedUrl('uploads/legacy/x.svg', new Date()) });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(svg.headers['x-content-type-options']).toBe('nosniff');

    const html = await t.app.inject({ method: 'GET', url: store.signedUrl('uploads/legacy/x.html', new Date()) });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('hasSignatureOf', () => {
  it.each([
    ['jpg', 'ffd8ffe000104a464946'],
    ['gif', Buffer.from('GIF89a').toString('hex')],
    ['webp', Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1').toString('hex')],
    ['m4a', '0000002066747970344d4120'],
    ['mp3', 'fffb9064'],
    ['zip', '504b0304'],
    ['gp', '504b0304'],
    ['gpx', Buffer.from('BCFZ').toString('hex')],
  ])('recognises a %s', (ext, hex) => {
    expect(hasSignatureOf(ext, Buffer.from(hex, 'hex'))).toBe(true);
    expect(hasSignatureOf(ext, Buffer.from('%PDF-1.7'))).toBe(false);
  });
});
