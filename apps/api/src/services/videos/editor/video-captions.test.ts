import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorCaption, EditorVideo, Video, VideoSummary } from '@fretline/contract';
import { eq, inArray, tables } from '@fretline/db';
import {
  createEditorCalls,
  createEditorTestApp,
  createSlugMaker,
  findAuditEntries,
  type EditorTestBody,
  type TestUser,
} from '../../../../test/editor-helpers.ts';
import { bearer, type TestApp } from '../../../../test/test-app.ts';
import { checkCaptions } from '../captions.service.ts';

// Captions and transcripts (ADR 0085): an editor's WebVTT per lesson and language, checked by the
// parser and stored in the normal form; served like the video; found by site search.

type Body = EditorTestBody<{ video: EditorVideo; caption: EditorCaption; captions: EditorCaption[] }>;

let t: TestApp;
let editor: TestUser;
let otherEditor: TestUser;
let staff: TestUser;
let learner: TestUser;
const BASE = '/api/videos/editor/videos';
const { call } = createEditorCalls(() => t);
const uniqueSlug = createSlugMaker('captioned');

const GOOD = `WEBVTT
Kind: captions

intro
00:01.000 --> 00:04.500 align:start
Keep your <i>wrist</i> loose over the strings

00:00:05.000 --> 00:00:08.000
Now the quietly humming thumb &amp; index
`;

beforeAll(async () => {
  ({
    t,
    users: { editor, otherEditor, staff, learner },
  } = await createEditorTestApp({ otherEditorRole: 'Director', editorEmail: 'captions@example.com' }));
});
afterAll(() => t.close());

async function lesson({ published = true, ...overrides }: Record<string, unknown> = {}): Promise<EditorVideo> {
  const res = await call('POST', BASE, editor.token, {
    video_title: 'Captioned lesson',
    video_slug: uniqueSlug(),
    video_player: 'youtube',
    youtube_video_id: 'M7lc1UVf-VE',
    video_category: 'Lesson',
    video_premium: false,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  const video = res.json<Body>().data.video;
  if (published) {
    const shown = await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: true });
    expect(shown.statusCode, shown.body).toBe(200);
  }
  return video;
}

const put = (idVideo: number, language: string, token: string | undefined, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: `${BASE}/${idVideo}/captions/${language}`,
    headers: token ? bearer(token) : {},
    payload: body,
  });
const vtt = (slug: string, language: string, token?: string) =>
  t.app.inject({ url: `/api/videos/videos/${slug}/captions/${language}.vtt`, headers: token ? bearer(token) : {} });
const storedRows = (idVideo: number) => t.db.select().from(tables.videoCaptions).where(eq(tables.videoCaptions.idVideo, idVideo));

describe('an editor puts captions', () => {
  it('checks the file, stores its normal form, audits it, and the video lists the track', async () => {
    const video = await lesson();
    const res = await put(video.id_video, 'EN-gb', editor.token, { caption_label: 'English', caption_vtt: GOOD });
    expect(res.statusCode, res.body).toBe(200);
    const caption = res.json<Body>().data.caption;
    expect(caption).toMatchObject({ caption_language: 'en-GB', caption_label: 'English', caption_cue_count: 2 });
    expect(caption.caption_vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.500\nKeep your <i>wrist</i> loose over the strings\n\n' +
        '00:00:05.000 --> 00:00:08.000\nNow the quietly humming thumb &amp; index\n',
    );
    const [audit] = await findAuditEntries(t.db, 'video', video.id_video).then((rows) =>
      rows.filter((row) => row.auditAction === 'video.captions.save'),
    );
    expect(audit?.auditDiff).toMatchObject({ caption: { from: null, to: { language: 'en-GB', cues: 2 } } });

    const listed = await call('GET', `${BASE}/${video.id_video}/captions`, editor.token);
    expect(listed.json<Body>().data.captions.map((c) => c.caption_language)).toEqual(['en-GB']);

    const page = await t.app.inject({ url: `/api/videos/videos/${video.video_slug}` });
    const track = page.json<{ data: { video: Video } }>().data.video.video_captions[0]!;
    expect(track).toMatchObject({ caption_language: 'en-GB', caption_label: 'English' });
    expect(track.caption_src).toMatch(new RegExp(`^/api/videos/videos/${video.video_slug}/captions/en-GB\\.vtt\\?v=\\d+$`));

    const file = await t.app.inject({ url: track.caption_src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.body).toBe(caption.caption_vtt);
  });

  it('replaces the file of a language, and another editor role may do it', async () => {
    const video = await lesson();
    await put(video.id_video, 'en', editor.token, { caption_label: 'English', caption_vtt: GOOD });
    const res = await put(video.id_video, 'en', otherEditor.token, {
      caption_label: 'English (CC)',
      caption_vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nOnly one now',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await storedRows(video.id_video);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ captionLabel: 'English (CC)', captionCueCount: 1, captionTranscript: 'Only one now' });
  });

  it('refuses a malformed file with the line that is wrong, and stores nothing', async () => {
    const video = await lesson();
    await put(video.id_video, 'en', editor.token, { caption_label: 'English', caption_vtt: GOOD });
    const before = await storedRows(video.id_video);
    const broken = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nFine\n\n00:00:04.000 -> 00:00:05.000\nBroken arrow\n';
    const res = await put(video.id_video, 'en', editor.token, { caption_label: 'English', caption_vtt: broken });
    expect(res.statusCode).toBe(400);
    const [error] = res.json<{ errors: { code: string; message: string; field?: string }[] }>().errors;
    expect(error!.code).toBe('CAPTIONS_INVALID');
    expect(error!.message).toMatch(/^Line 7: .*Nothing was saved\.$/);
    expect(error!.field).toBe('caption_vtt');
    expect(await storedRows(video.id_video)).toEqual(before);

    for (const bad of [
      'WEBVT\n\n00:00.000 --> 00:01.000\nNo signature',
      'WEBVTT\n\n00:03.000 --> 00:01.000\nEnds before it starts',
      'WEBVTT\n',
    ]) {
      const refused = await put(video.id_video, 'es', editor.token, { caption_label: 'Español', caption_vtt: bad });
      expect(refused.statusCode, bad).toBe(400);
    }
    expect(await storedRows(video.id_video)).toEqual(before);
  });

  it('refuses a bad language code, an empty name or an empty file with a clear 400', async () => {
    const video = await lesson();
    const language = await put(video.id_video, 'english!', editor.token, { caption_label: 'English', caption_vtt: GOOD });
    expect(language.statusCode).toBe(400);
    expect(language.body).toContain('Use a language code such as en, es or pt-BR.');
    const label = await put(video.id_video, 'en', editor.token, { caption_label: ' ', caption_vtt: GOOD });
    expect(label.statusCode).toBe(400);
    expect(label.body).toContain('Give the captions a name');
    const empty = await put(video.id_video, 'en', editor.token, { caption_label: 'English', caption_vtt: '' });
    expect(empty.statusCode).toBe(400);
    expect(await storedRows(video.id_video)).toEqual([]);
    expect((await put(99_999_999, 'en', editor.token, { caption_label: 'English', caption_vtt: GOOD })).statusCode).toBe(404);
  });

  it('refuses staff outside the Editor group, learners and the signed out, and stores nothing', async () => {
    const video = await lesson();
    const body = { caption_label: 'English', caption_vtt: GOOD };
    expect((await put(video.id_video, 'en', staff.token, body)).statusCode).toBe(403);
    expect((await put(video.id_video, 'en', learner.token, body)).statusCode).toBe(403);
    expect((await put(video.id_video, 'en', undefined, body)).statusCode).toBe(401);
    expect((await call('GET', `${BASE}/${video.id_video}/captions`, learner.token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `${BASE}/${video.id_video}/captions` })).statusCode).toBe(401);
    expect(await storedRows(video.id_video)).toEqual([]);
  });
});

describe('an editor deletes captions', () => {
  it('removes one language, audited; a second delete is a 404; others may not', async () => {
    const video = await lesson();
    await put(video.id_video, 'en', editor.token, { caption_label: 'English', caption_vtt: GOOD });
    const url = `${BASE}/${video.id_video}/captions/en`;
    expect((await call('DELETE', url, learner.token)).statusCode).toBe(403);
    expect((await call('DELETE', url, staff.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(await storedRows(video.id_video)).toHaveLength(1);

    expect((await call('DELETE', url, editor.token)).statusCode).toBe(204);
    expect(await storedRows(video.id_video)).toEqual([]);
    const actions = (await findAuditEntries(t.db, 'video', video.id_video)).map((a) => a.auditAction);
    expect(actions).toContain('video.captions.delete');
    expect((await call('DELETE', url, editor.token)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${video.id_video}/captions/not_a_tag`, editor.token)).statusCode).toBe(400);
    expect((await vtt(video.video_slug, 'en')).statusCode).toBe(404);
  });
});

describe('the .vtt file follows the video’s rules', () => {
  it('gives a premium lesson’s captions only to those who may watch it', async () => {
    const video = await lesson({ video_premium: true });
    await put(video.id_video, 'en', editor.token, { caption_label: 'English', caption_vtt: GOOD });
    expect((await vtt(video.video_slug, 'en')).statusCode).toBe(403);
    expect((await vtt(video.video_slug, 'en', learner.token)).statusCode).toBe(403);
    expect((await vtt(video.video_slug, 'en', editor.token)).statusCode).toBe(200);
    // The locked page carries no track to fetch either.
    const page = await t.app.inject({ url: `/api/videos/videos/${video.video_slug}` });
    expect(page.json<{ data: { video: Video } }>().data.video.video_captions).toEqual([]);
  });

  it('hides a draft’s captions from all but editors, and answers 404 for a language it lacks', async () => {
    const video = await lesson({ published: false });
    await put(video.id_video, 'en', editor.token, { caption_label: 'English', caption_vtt: GOOD });
    expect((await vtt(video.video_slug, 'en', learner.token)).statusCode).toBe(404);
    expect((await vtt(video.video_slug, 'en', editor.token)).statusCode).toBe(200);
    expect((await vtt(video.video_slug, 'fr', editor.token)).statusCode).toBe(404);
    expect((await vtt(video.video_slug, '..%2Fetc', editor.token)).statusCode).toBe(404);
  });
});

describe('site search reads transcripts', () => {
  it('finds a lesson by a phrase said in it, and forgets it when the captions go', async () => {
    const video = await lesson({ video_title: 'Thumb independence' });
    const search = async () => {
      const res = await t.app.inject({ url: '/api/videos/videos?search=quietly%20humming' });
      return res.json<{ data: { videos: VideoSummary[] } }>().data.videos.map((v) => v.video_slug);
    };
    expect(await search()).not.toContain(video.video_slug);
    await put(video.id_video, 'en', editor.token, { caption_label: 'English', caption_vtt: GOOD });
    expect(await search()).toContain(video.video_slug);
    await call('DELETE', `${BASE}/${video.id_video}/captions/en`, editor.token);
    expect(await search()).not.toContain(video.video_slug);
  });
});

describe('the demo captions', () => {
  it('are valid, in the stored normal form, within the demo clip, and searchable', async () => {
    const demo = ['changing-chords-smoothly', 'your-first-song-lesson', 'power-chords-101', 'live-replay-strumming-clinic'];
    const rows = await t.db
      .select({ caption: tables.videoCaptions })
      .from(tables.videoCaptions)
      .innerJoin(tables.videos, eq(tables.videos.idVideo, tables.videoCaptions.idVideo))
      .where(inArray(tables.videos.videoSlug, demo));
    expect(rows).toHaveLength(demo.length);
    for (const { caption } of rows) {
      const checked = checkCaptions(caption.captionVtt);
      expect(checked.vtt).toBe(caption.captionVtt);
      expect(checked.transcript).toBe(caption.captionTranscript);
      expect(caption.captionCueCount).toBe(checked.cues.length);
      expect(Math.max(...checked.cues.map((cue) => cue.end))).toBeLessThanOrEqual(16);
    }
    const res = await t.app.inject({ url: '/api/videos/videos?search=anchor%20finger%20stays' });
    const found = res.json<{ data: { videos: VideoSummary[] } }>().data.videos.map((v) => v.video_slug);
    expect(found).toContain('changing-chords-smoothly');
  });
});
