import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorVideo, Video } from '@fretline/contract';
import {
  createEditorCalls,
  createEditorTestApp,
  createSlugMaker,
  type EditorTestBody,
  type TestUser,
} from '../../../../test/editor-helpers.ts';
import type { TestApp } from '../../../../test/test-app.ts';

// "Preview as" (ADR 0061): an editor sees a draft as a visitor, a learner or a member would; the
// public address never shows the draft.

type Body = EditorTestBody<{ video: EditorVideo & Video }>;

let t: TestApp;
let editor: TestUser;
let staff: TestUser;
let learner: TestUser;
let draft: EditorVideo;
const BASE = '/api/videos/editor/videos';
const { call } = createEditorCalls(() => t);
const uniqueSlug = createSlugMaker('preview');

beforeAll(async () => {
  ({
    t,
    users: { editor, staff, learner },
  } = await createEditorTestApp({ otherEditorRole: 'Admin', editorEmail: 'preview@example.com' }));
  const res = await call('POST', BASE, editor.token, {
    video_title: 'Premium draft',
    video_slug: uniqueSlug(),
    video_player: 'youtube',
    youtube_video_id: 'M7lc1UVf-VE',
    video_category: 'Lesson',
    video_premium: true,
    video_sections: [
      {
        video_section_type: 'text',
        video_section_heading: 'Warm-up',
        video_section_content: '<p>Play the whole scale slowly.</p>',
      },
      { video_section_type: 'spotify', video_section_heading: 'Listen', video_section_spotify_id: '4uLU6hMCjMI75M1A2tKUQC' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  draft = res.json<Body>().data.video;
});
afterAll(() => t.close());

const preview = (as: string, token: string | undefined = editor.token, id = draft.id_video) =>
  call('GET', `${BASE}/${id}/preview?as=${as}`, token);

describe('editor.previewVideo', () => {
  it('shows a member everything of the draft, and a visitor or learner the locked version', async () => {
    const member = await preview('member');
    expect(member.statusCode, member.body).toBe(200);
    const asMember = member.json<Body>().data.video;
    expect(asMember.video_published).toBe(false);
    expect(asMember.video_locked).toBe(false);
    expect(asMember.youtube_video_id).toBe('M7lc1UVf-VE');
    expect(asMember.video_sections[1]!.video_section_spotify_id).toBe('4uLU6hMCjMI75M1A2tKUQC');

    for (const as of ['visitor', 'learner']) {
      const res = await preview(as);
      expect(res.statusCode, res.body).toBe(200);
      const video = res.json<Body>().data.video;
      expect(video.video_locked).toBe(true);
      expect(video.youtube_video_id).toBeNull();
      expect(video.video_sections[1]!.video_section_spotify_id).toBeNull();
      // The editor's own saves never show in a preview.
      expect(video.saved_to_my_list).toBe(false);
    }
    // The draft itself stays hidden from the public address.
    const publicRes = await t.app.inject({ url: `/api/videos/videos/${draft.video_slug}` });
    expect(publicRes.statusCode).toBe(404);
  });

  it('refuses an unknown audience with 400', async () => {
    expect((await preview('admin')).statusCode).toBe(400);
    expect((await call('GET', `${BASE}/${draft.id_video}/preview`, editor.token)).statusCode).toBe(400);
  });

  it('is for the Editor group only: 401 signed out, 403 for staff and learners', async () => {
    const signedOut = await t.app.inject({ url: `${BASE}/${draft.id_video}/preview?as=member` });
    expect(signedOut.statusCode).toBe(401);
    expect((await preview('member', staff.token)).statusCode).toBe(403);
    expect((await preview('member', learner.token)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown video', async () => {
    expect((await preview('member', editor.token, 99_999_999)).statusCode).toBe(404);
  });
});
