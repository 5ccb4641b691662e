import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import type { EditorVideoScore, Video } from '@fretline/contract';
import {
  createEditorCalls,
  createEditorTestApp,
  findAuditEntries,
  type EditorTestBody,
  type TestUser,
} from '../../../../test/editor-helpers.ts';
import { makeMember } from '../../../../test/membership.ts';
import { bearer, createUserWithSession, type TestApp } from '../../../../test/test-app.ts';

// A lesson's score (ADR 0088): editors attach a file the API parses whole and tap its bars to the
// video; learners who can watch the lesson get its sync with the video and the file beside it.

type Body = EditorTestBody<{ score: EditorVideoScore | null; video: Video }>;

let t: TestApp;
let editor: TestUser;
let staff: TestUser;
let learner: TestUser;
let member: TestUser;
const BASE = '/api/videos/editor/videos';
const { call } = createEditorCalls(() => t);

const TEX = `\\title "Riff"\n.\n:4 0.6 2.6 3.6 0.6 | 2.5 0.5 3.6 2.6 | 0.6.1 |\n`;
const base64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');
const file = (name: string, content: string | Uint8Array) => ({ score_file_name: name, score_base64: base64(content) });

async function seededId(slug: string): Promise<number> {
  const [row] = await t.db.select({ id: tables.videos.idVideo }).from(tables.videos).where(eq(tables.videos.videoSlug, slug));
  return row!.id;
}
const learnerVideo = async (slug: string, token?: string) =>
  t.app.inject({ url: `/api/videos/videos/${slug}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  ({
    t,
    users: { editor, staff, learner },
  } = await createEditorTestApp({ otherEditorRole: 'Director' }));
  member = await createUserWithSession(t.db);
  await makeMember(t.db, member.idUser);
});
afterAll(() => t.close());

describe("a lesson's score", () => {
  it('is attached from an alphaTex file, synced, audited, and reaches the learner with its file', async () => {
    const id = await seededId('holding-the-guitar');
    expect((await call('GET', `${BASE}/${id}/score`, editor.token)).json<Body>().data.score).toBeNull();

    const put = await call('PUT', `${BASE}/${id}/score`, editor.token, file('riff.alphatex', TEX));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Body>().data.score).toMatchObject({
      score_file_name: 'riff.alphatex',
      score_format: 'alphatex',
      score_title: 'Riff',
      score_bar_count: 3,
      score_sync_points: [],
    });

    const points = [
      { bar: 0, at_ms: 1000.4 },
      { bar: 2, at_ms: 5000 },
    ];
    const sync = await call('PUT', `${BASE}/${id}/score/sync`, editor.token, { score_sync_points: points });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json<Body>().data.score?.score_sync_points).toEqual([
      { bar: 0, at_ms: 1000 },
      { bar: 2, at_ms: 5000 },
    ]);

    const seen = (await learnerVideo('holding-the-guitar')).json<Body>().data.video.video_score;
    expect(seen).toMatchObject({
      score_format: 'alphatex',
      score_bar_count: 3,
      score_sync_points: [
        { bar: 0, at_ms: 1000 },
        { bar: 2, at_ms: 5000 },
      ],
    });
    const got = await t.app.inject({ url: seen!.score_src });
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe(TEX);

    const actions = (await findAuditEntries(t.db, 'video', id)).map((a) => a.auditAction);
    expect(actions).toEqual(expect.arrayContaining(['video.score.attach', 'video.score.sync']));

    // Replacing the file with a shorter one keeps the sync of the bars it still has.
    const shorter = await call('PUT', `${BASE}/${id}/score`, editor.token, file('riff.atex', ':4 0.6 0.6 0.6 0.6 |'));
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json<Body>().data.score?.score_sync_points).toEqual([{ bar: 0, at_ms: 1000 }]);

    const removed = await call('DELETE', `${BASE}/${id}/score`, editor.token);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await learnerVideo('holding-the-guitar')).json<Body>().data.video.video_score).toBeNull();
    expect(await t.db.select().from(tables.videoScoreSyncPoints).where(eq(tables.videoScoreSyncPoints.idVideo, id))).toEqual([]);
    expect((await findAuditEntries(t.db, 'video', id)).map((a) => a.auditAction)).toContain('video.score.delete');
    expect((await t.app.inject({ url: seen!.score_src })).statusCode).toBe(404);
  });

  it('reads a MusicXML file too, counting its bars', async () => {
    const id = await seededId('ukulele-island-strum');
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><score-partwise version="3.1"><part-list><score-part id="P1"><part-name>Guitar</part-name></score-part></part-list>' +
      '<part id="P1"><measure number="1"><attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>' +
      '<note><pitch><step>E</step><octave>4</octave></pitch><duration>4</duration><type>whole</type></note></measure>' +
      '<measure number="2"><note><pitch><step>G</step><octave>4</octave></pitch><duration>4</duration><type>whole</type></note></measure></part></score-partwise>';
    const res = await call('PUT', `${BASE}/${id}/score`, editor.token, file('etude.musicxml', xml));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.score).toMatchObject({ score_format: 'musicxml', score_bar_count: 2 });
  });

  it.each([
    [
      'a malformed alphaTex file',
      file('broken.atex', '\\title "x"\n.\n:4 (0.6 2.5 |'),
      /^This alphaTex cannot be read: line \d+, column \d+: /,
    ],
    ['a file named as Guitar Pro that is not one', file('song.gp5', TEX), /^This is not a Guitar Pro 3–5 file/],
    [
      'a damaged Guitar Pro file',
      file('song.gp', new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3, 4])),
      /^This Guitar Pro file cannot be read/,
    ],
    ['a file of another kind', file('song.pdf', '%PDF-1.4'), /^Choose an alphaTex/],
    ['a score without notes', file('empty.atex', '\\title "Nothing"\n.\n'), /^This score has no notes/],
    [
      'a binary file named as alphaTex',
      file('x.atex', new Uint8Array([0, 1, 2])),
      /^This is not a alphaTex file|^This is not an alphaTex file/,
    ],
  ])('refuses %s with a clear 400 and stores nothing', async (_what, body, message) => {
    const id = await seededId('ukulele-tuning-and-holding');
    const ok = await call('PUT', `${BASE}/${id}/score`, editor.token, file('good.atex', TEX));
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await t.db.select().from(tables.videoScores).where(eq(tables.videoScores.idVideo, id));

    const res = await call('PUT', `${BASE}/${id}/score`, editor.token, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Body>().errors[0]?.field).toBe('score_file');
    expect(res.json<Body>().errors[0]?.message).toMatch(message);
    expect(await t.db.select().from(tables.videoScores).where(eq(tables.videoScores.idVideo, id))).toEqual(before);
  });

  it('refuses a body that is not a file in base64', async () => {
    const id = await seededId('ukulele-tuning-and-holding');
    const res = await call('PUT', `${BASE}/${id}/score`, editor.token, {
      score_file_name: 'a.atex',
      score_base64: 'not base64!',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Body>().errors[0]).toMatchObject({ field: 'score_base64' });
  });

  it.each([
    [[{ bar: 3, at_ms: 0 }], 'score_sync_points.0', 'The score has 3 bars: bar 4 is not in it.'],
    [
      [
        { bar: 1, at_ms: 4000 },
        { bar: 2, at_ms: 3000 },
      ],
      'score_sync_points.1',
      'Put the sync points in order, each a later bar at a later time than the one before.',
    ],
    [[{ bar: 0, at_ms: -5 }], 'score_sync_points.0.at_ms', 'A bar cannot start before the video does.'],
    [[{ bar: 0, at_ms: 16_500 }], 'score_sync_points.0', 'A bar cannot start after the video ends.'],
  ])('refuses bad sync points with a clear 400 and changes nothing (%#)', async (points, field, message) => {
    // A lesson on the 16-second demo clip.
    const id = await seededId('ukulele-tuning-and-holding');
    await call('PUT', `${BASE}/${id}/score`, editor.token, file('riff.atex', TEX));
    const kept = [{ bar: 1, at_ms: 2500 }];
    expect((await call('PUT', `${BASE}/${id}/score/sync`, editor.token, { score_sync_points: kept })).statusCode).toBe(200);

    const res = await call('PUT', `${BASE}/${id}/score/sync`, editor.token, { score_sync_points: points });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Body>().errors[0]).toMatchObject({ field, message });
    const after = await call('GET', `${BASE}/${id}/score`, editor.token);
    expect(after.json<Body>().data.score?.score_sync_points).toEqual(kept);
  });

  it('comes with two demo lessons, each bar synced to the demo clip', async () => {
    const id = await seededId('first-chords-em-and-g');
    const seeded = (await call('GET', `${BASE}/${id}/score`, editor.token)).json<Body>().data.score;
    expect(seeded).toMatchObject({ score_format: 'alphatex', score_bar_count: 6 });
    expect(seeded?.score_sync_points.map((p) => p.at_ms)).toEqual([0, 3000, 6000, 9000, 12000, 15000]);
  });

  it('refuses sync for a lesson without a score', async () => {
    const id = await seededId('holding-the-guitar');
    await call('DELETE', `${BASE}/${id}/score`, editor.token);
    const res = await call('PUT', `${BASE}/${id}/score/sync`, editor.token, { score_sync_points: [{ bar: 0, at_ms: 0 }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<Body>().errors[0]?.message).toBe('Attach a score file before syncing it.');
  });

  it('is for the Editor group only: 401 signed out, 403 for staff and learners, 404 for no video', async () => {
    const id = await seededId('your-first-song-lesson');
    const body = file('riff.atex', TEX);
    const sync = { score_sync_points: [{ bar: 0, at_ms: 0 }] };
    for (const [method, url, payload] of [
      ['GET', `${BASE}/${id}/score`, undefined],
      ['PUT', `${BASE}/${id}/score`, body],
      ['PUT', `${BASE}/${id}/score/sync`, sync],
      ['DELETE', `${BASE}/${id}/score`, undefined],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, staff.token, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, learner.token, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('PUT', `${BASE}/99999999/score`, editor.token, body)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/99999999/score/sync`, editor.token, sync)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/99999999/score`, editor.token)).statusCode).toBe(404);
    // The seeded score is still there, untouched by the refused calls.
    const kept = (await call('GET', `${BASE}/${id}/score`, editor.token)).json<Body>().data.score;
    expect(kept?.score_file_name).toBe('your-first-song-lesson.atex');
  });

  it("gives a premium lesson's score and file only to those who can watch it", async () => {
    const premium = 'your-first-song-lesson';
    const visitor = (await learnerVideo(premium)).json<Body>().data.video;
    expect(visitor.video_locked).toBe(true);
    expect(visitor.video_score).toBeNull();
    expect((await learnerVideo(premium, learner.token)).json<Body>().data.video.video_score).toBeNull();
    const asMember = (await learnerVideo(premium, member.token)).json<Body>().data.video;
    expect(asMember.video_score?.score_bar_count).toBe(6);
    const src = asMember.video_score!.score_src;
    expect((await t.app.inject({ url: src })).statusCode).toBe(403);
    expect((await t.app.inject({ url: src, headers: bearer(learner.token) })).statusCode).toBe(403);
    const got = await t.app.inject({ url: src, headers: bearer(member.token) });
    expect(got.statusCode).toBe(200);
    expect(got.body).toContain('\\title "Your first song"');
  });
});
