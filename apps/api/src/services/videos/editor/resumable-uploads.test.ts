import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_PATH, UPLOAD_ERRORS, UPLOAD_KINDS } from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../../test/test-app.ts';
import { OPEN_BYTES_PER_EDITOR, OPEN_UPLOADS_PER_EDITOR } from './resumable-uploads.routes.ts';

type User = Awaited<ReturnType<typeof createUserWithSession>>;

let t: TestApp;
let mediaDir: string;
let origin: string;
let owner: User;
let other: User;

/** The start of an MP4 (an `ftyp` box), enough for the first-bytes check of ADR 0039. */
const MP4_HEAD = Buffer.concat([Buffer.from('\0\0\0\x20ftypisom', 'latin1'), Buffer.alloc(100)]);

/** tus goes over a real socket: @tus/server answers through the raw Node response. */
async function tus(method: string, url: string, token: string, headers: Record<string, string> = {}, body?: Buffer) {
  const res = await fetch(new URL(url, origin), {
    method,
    headers: { 'tus-resumable': '1.0.0', origin, ...bearer(token), ...headers },
    ...(body ? { body } : {}),
  });
  return { statusCode: res.status, headers: res.headers, body: await res.text() };
}

const create = (token: string, length: number, filename = 'lesson.mp4') =>
  tus('POST', RESUMABLE_UPLOAD_PATH, token, {
    'upload-length': String(length),
    'upload-metadata': `filename ${Buffer.from(filename).toString('base64')}`,
  });

const patch = (url: string, token: string, offset: number, chunk: Buffer) =>
  tus('PATCH', url, token, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, chunk);

/** Opens an upload of `length` bytes and sends its first bytes; answers its URL. */
async function openUpload(token: string, length = 1000): Promise<string> {
  const created = await create(token, length);
  expect(created.statusCode, created.body).toBe(201);
  const url = created.headers.get('location')!;
  expect((await patch(url, token, 0, MP4_HEAD)).statusCode).toBe(204);
  return url;
}

const scratchFiles = async () => (await readdir(path.join(mediaDir, '.resumable'))).sort();

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'fretline-resumable-'));
  t = await createTestApp({ config: { MEDIA_DIR: mediaDir } });
  owner = await createUserWithSession(t.db, { roles: ['Editor'] });
  other = await createUserWithSession(t.db, { roles: ['Editor'] });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('a resumable upload belongs to the editor who opened it', () => {
  it("answers another editor's HEAD, PATCH and DELETE 404 and changes nothing", async () => {
    const url = await openUpload(owner.token);
    const before = await scratchFiles();

    const peek = await tus('HEAD', url, other.token);
    expect(peek.statusCode).toBe(404);
    expect(peek.headers.get('upload-offset')).toBeNull();
    expect((await patch(url, other.token, MP4_HEAD.length, Buffer.alloc(50))).statusCode).toBe(404);
    expect((await tus('DELETE', url, other.token)).statusCode).toBe(404);

    expect(await scratchFiles()).toEqual(before);
    const own = await tus('HEAD', url, owner.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers.get('upload-offset')).toBe(String(MP4_HEAD.length));
    expect((await tus('DELETE', url, owner.token)).statusCode).toBe(204);
  });

  it('keeps the owner from being set by the client', async () => {
    const created = await tus('POST', RESUMABLE_UPLOAD_PATH, other.token, {
      'upload-length': '1000',
      'upload-metadata': `filename ${Buffer.from('a.mp4').toString('base64')},owner ${Buffer.from(String(owner.idUser)).toString('base64')}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = created.headers.get('location')!;
    expect((await tus('HEAD', url, owner.token)).statusCode).toBe(404);
    expect((await tus('DELETE', url, other.token)).statusCode).toBe(204);
  });

  it('answers an unknown upload the same 404', async () => {
    const unknown = await tus('HEAD', `${RESUMABLE_UPLOAD_PATH}/${'0'.repeat(32)}`, owner.token);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the open uploads of one editor are limited', () => {
  it('refuses one upload more than the limit with 403, and takes it again once one is cancelled', async () => {
    const editor = await createUserWithSession(t.db, { roles: ['Editor'] });
    const urls: string[] = [];
    for (let i = 0; i < OPEN_UPLOADS_PER_EDITOR; i++) urls.push(await openUpload(editor.token));
    const before = await scratchFiles();

    const refused = await create(editor.token, 1000);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe(UPLOAD_ERRORS.tooManyOpen(OPEN_UPLOADS_PER_EDITOR));
    expect(await scratchFiles()).toEqual(before);
    // Another editor is not held back by this one's uploads.
    await tus('DELETE', await openUpload(other.token), other.token);

    expect((await tus('DELETE', urls[0]!, editor.token)).statusCode).toBe(204);
    const again = await create(editor.token, 1000);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('holds to the limit when the uploads are opened all at once', async () => {
    const editor = await createUserWithSession(t.db, { roles: ['Editor'] });
    const answers = await Promise.all(Array.from({ length: OPEN_UPLOADS_PER_EDITOR + 3 }, () => create(editor.token, 1000)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(OPEN_UPLOADS_PER_EDITOR);
    expect(statuses.filter((s) => s === 403)).toHaveLength(3);
  });

  it('refuses an upload whose declared size would take the open bytes over the limit', async () => {
    const editor = await createUserWithSession(t.db, { roles: ['Editor'] });
    // Declared sizes count, not bytes received: the disk an upload will take is reserved at its start.
    const max = UPLOAD_KINDS.video.maxBytes;
    expect(Math.ceil(OPEN_BYTES_PER_EDITOR / max)).toBeLessThan(OPEN_UPLOADS_PER_EDITOR);
    for (let left = OPEN_BYTES_PER_EDITOR; left > 0; left -= max) {
      const created = await create(editor.token, Math.min(left, max));
      expect(created.statusCode, created.body).toBe(201);
    }
    const refused = await create(editor.token, 1000);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe(UPLOAD_ERRORS.tooManyOpenBytes);
  });
});
