import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorVideo } from '@fretline/contract';
import { runDueJobs } from '../../../platform/jobs/index.ts';
import {
  createEditorCalls,
  createEditorTestApp,
  createSlugMaker,
  findAuditEntries,
  type EditorTestBody,
  type TestUser,
} from '../../../../test/editor-helpers.ts';
import type { TestApp } from '../../../../test/test-app.ts';

// Scheduled publishing (ADR 0060) with the injected clock: a draft is published by the job at its
// time, not before; rescheduling and cancelling leave the older job nothing to do.

type Body = EditorTestBody<{ video: EditorVideo; schedule: { video_publish_at: string | null } }>;

let t: TestApp;
let editor: TestUser;
let staff: TestUser;
const BASE = '/api/videos/editor/videos';
const { call } = createEditorCalls(() => t);
const uniqueSlug = createSlugMaker('scheduled');
const HOUR = 3_600_000;

beforeAll(async () => {
  ({
    t,
    users: { editor, staff },
  } = await createEditorTestApp({ otherEditorRole: 'Admin', editorEmail: 'sched@example.com' }));
});
afterAll(() => t.close());

async function draft(overrides: Record<string, unknown> = {}): Promise<EditorVideo> {
  const res = await call('POST', BASE, editor.token, {
    video_title: 'Scheduled lesson',
    video_slug: uniqueSlug(),
    video_player: 'youtube',
    youtube_video_id: 'M7lc1UVf-VE',
    video_category: 'Lesson',
    video_premium: false,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>().data.video;
}

const publicStatus = async (slug: string) => (await t.app.inject({ url: `/api/videos/videos/${slug}` })).statusCode;
// Whole seconds, as the wire writes dates ('YYYY-MM-DD HH:mm:ss', ADR 0030).
const at = (ms: number) => new Date(Math.floor((t.clock.now().getTime() + ms) / 1000) * 1000).toISOString();
const wire = (iso: string) => iso.slice(0, 19).replace('T', ' ');

describe('scheduled publishing', () => {
  it('publishes the draft when its time comes, audited, and not a moment before', async () => {
    const video = await draft();
    const when = at(2 * HOUR);
    const res = await call('PUT', `${BASE}/${video.id_video}/schedule`, editor.token, { video_publish_at: when });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.schedule.video_publish_at).toBe(wire(when));
    expect((await call('GET', `${BASE}/${video.id_video}/schedule`, editor.token)).json<Body>().data.schedule).toEqual({
      video_publish_at: wire(when),
    });

    await runDueJobs(t.app);
    expect(await publicStatus(video.video_slug)).toBe(404);
    t.clock.advance(2 * HOUR - 60_000);
    await runDueJobs(t.app);
    expect(await publicStatus(video.video_slug)).toBe(404);

    t.clock.advance(60_000);
    const versionBefore = t.app.contentVersion.current;
    await runDueJobs(t.app);
    expect(await publicStatus(video.video_slug)).toBe(200);
    // Every instance's stored pages forget the catalogue, not only this one's (ADR 0056).
    expect(t.app.contentVersion.current).toBeGreaterThan(versionBefore);
    const after = await call('GET', `${BASE}/${video.id_video}`, editor.token);
    expect(after.json<Body>().data.video.video_published).toBe(true);
    expect((await call('GET', `${BASE}/${video.id_video}/schedule`, editor.token)).json<Body>().data.schedule).toEqual({
      video_publish_at: null,
    });
    const actions = (await findAuditEntries(t.db, 'video', video.id_video)).map((a) => a.auditAction);
    expect(actions).toEqual(expect.arrayContaining(['video.schedule', 'video.publish']));
  });

  it('publishes at the new time after rescheduling, and never once cancelled', async () => {
    const moved = await draft();
    await call('PUT', `${BASE}/${moved.id_video}/schedule`, editor.token, { video_publish_at: at(HOUR) });
    await call('PUT', `${BASE}/${moved.id_video}/schedule`, editor.token, { video_publish_at: at(3 * HOUR) });
    const cancelled = await draft();
    await call('PUT', `${BASE}/${cancelled.id_video}/schedule`, editor.token, { video_publish_at: at(HOUR) });
    const off = await call('PUT', `${BASE}/${cancelled.id_video}/schedule`, editor.token, { video_publish_at: null });
    expect(off.json<Body>().data.schedule.video_publish_at).toBeNull();

    t.clock.advance(HOUR + 1000);
    await runDueJobs(t.app);
    expect(await publicStatus(moved.video_slug)).toBe(404);
    expect(await publicStatus(cancelled.video_slug)).toBe(404);
    t.clock.advance(2 * HOUR);
    await runDueJobs(t.app);
    expect(await publicStatus(moved.video_slug)).toBe(200);
    expect(await publicStatus(cancelled.video_slug)).toBe(404);
  });

  it('ends the schedule when the video is published by hand, so an unpublish later stays unpublished', async () => {
    const video = await draft();
    await call('PUT', `${BASE}/${video.id_video}/schedule`, editor.token, { video_publish_at: at(HOUR) });
    const published = await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: true });
    expect(published.statusCode, published.body).toBe(200);
    expect((await call('GET', `${BASE}/${video.id_video}/schedule`, editor.token)).json<Body>().data.schedule).toEqual({
      video_publish_at: null,
    });
    const unpublished = await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: false });
    expect(unpublished.statusCode, unpublished.body).toBe(200);

    t.clock.advance(HOUR + 1000);
    await runDueJobs(t.app);
    expect(await publicStatus(video.video_slug)).toBe(404);
    expect((await call('GET', `${BASE}/${video.id_video}`, editor.token)).json<Body>().data.video.video_published).toBe(false);
  });

  it('keeps a draft that cannot play any more a draft, and says why in the log', async () => {
    const video = await draft();
    await call('PUT', `${BASE}/${video.id_video}/schedule`, editor.token, { video_publish_at: at(HOUR) });
    const edited = await call('PUT', `${BASE}/${video.id_video}`, editor.token, {
      video_title: 'Scheduled lesson',
      video_slug: video.video_slug,
      video_player: 'youtube',
      youtube_video_id: '',
      video_category: 'Lesson',
      video_premium: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    t.clock.advance(HOUR + 1000);
    await runDueJobs(t.app);
    expect(await publicStatus(video.video_slug)).toBe(404);
  });

  it('refuses a time in the past, a published video, a missing one, and anyone outside Editor', async () => {
    const video = await draft();
    const past = await call('PUT', `${BASE}/${video.id_video}/schedule`, editor.token, { video_publish_at: at(-60_000) });
    expect(past.statusCode).toBe(400);
    expect((await call('PUT', `${BASE}/${video.id_video}/schedule`, editor.token, { video_publish_at: 'soon' })).statusCode).toBe(
      400,
    );
    await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: true });
    const published = await call('PUT', `${BASE}/${video.id_video}/schedule`, editor.token, { video_publish_at: at(HOUR) });
    expect(published.statusCode).toBe(409);
    expect((await call('PUT', `${BASE}/999999/schedule`, editor.token, { video_publish_at: at(HOUR) })).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/999999/schedule`, editor.token)).statusCode).toBe(404);
    expect(
      (await call('PUT', `${BASE}/${video.id_video}/schedule`, staff.token, { video_publish_at: at(HOUR) })).statusCode,
    ).toBe(403);
    expect((await call('GET', `${BASE}/${video.id_video}/schedule`, undefined)).statusCode).toBe(401);
  });
});
