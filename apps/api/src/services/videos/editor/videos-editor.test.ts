import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, tables } from '@fretline/db';
import type { EditorVideo, EditorVideoCourse, EditorVideoOptions, EditorVideoSummary, Video } from '@fretline/contract';
import {
  createEditorCalls,
  createEditorTestApp,
  createSlugMaker,
  findAuditEntries,
  type EditorTestBody,
  type TestUser,
} from '../../../../test/editor-helpers.ts';
import type { TestApp } from '../../../../test/test-app.ts';

/** The wire bodies these tests read. */
type Body = EditorTestBody<{
  videos: EditorVideoSummary[] & Video[];
  total: number;
  video: EditorVideo & Video;
  courses: EditorVideoCourse[];
  options: EditorVideoOptions;
}>;

let t: TestApp;
let editor: TestUser;
let director: TestUser;
let staff: TestUser;
let learner: TestUser;

const BASE = '/api/videos/editor/videos';
// Seeded demo content (packages/db/src/seed/catalogue.ts).
const SEEDED_SLUG = 'holding-the-guitar';
const COURSE = 'beginner-guitar-course';

const { call, callForm } = createEditorCalls(() => t);

const uniqueSlug = createSlugMaker('editor-test');

function lessonBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    video_title: 'Your First Barre Chord',
    video_slug: uniqueSlug(),
    video_player: 'youtube',
    youtube_video_id: 'M7lc1UVf-VE',
    video_category: 'Lesson',
    video_difficulty: 'Intermediate',
    video_genre: 'Rock',
    video_premium: false,
    video_sections: [
      {
        video_section_type: 'text',
        video_section_heading: 'About this lesson',
        video_section_content: '<p>Press with the side.</p>',
      },
    ],
    video_chords: [{ video_chord_text: 'F' }],
    video_tags: [{ tag_name: 'Barre chords' }],
    ...overrides,
  };
}

async function createVideo(overrides: Record<string, unknown> = {}): Promise<EditorVideo> {
  const res = await call('POST', BASE, editor.token, lessonBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>().data.video;
}

const auditFor = (idVideo: number) => findAuditEntries(t.db, 'video', idVideo);

async function videoCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(tables.videos);
  return row?.n ?? 0;
}

beforeAll(async () => {
  ({
    t,
    users: { editor, otherEditor: director, staff, learner },
  } = await createEditorTestApp({ otherEditorRole: 'Director', editorEmail: 'ed@example.com' }));
});
afterAll(() => t.close());

describe('who may edit videos', () => {
  it('answers 401 signed out and 403 for Staff and learners, before looking at the input', async () => {
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/options`],
      ['GET', `${BASE}/1`],
      ['POST', BASE],
      ['PUT', `${BASE}/1`],
      ['PUT', `${BASE}/1/published`],
      ['PUT', `${BASE}/1/courses`],
      ['DELETE', `${BASE}/1`],
    ] as const) {
      expect((await call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode).toBe(401);
      for (const user of [staff, learner]) {
        const res = await call(method, url, user.token, method === 'GET' || method === 'DELETE' ? undefined : { bad: 1 });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('lets the Director group in too (product.md#roles: Editor = Superadmin, Admin, Director, Editor)', async () => {
    expect((await call('GET', BASE, director.token)).statusCode).toBe(200);
  });
});

describe('GET the video list', () => {
  it('lists drafts and published videos, last changed first, with a total', async () => {
    const draft = await createVideo({ video_title: 'Zebra Draft Lesson' });
    const res = await call('GET', `${BASE}?limit=5`, editor.token);
    expect(res.statusCode).toBe(200);
    const { videos, total } = res.json<Body>().data;
    expect(videos).toHaveLength(5);
    expect(total).toBeGreaterThan(60);
    expect(videos[0]).toMatchObject({ id_video: draft.id_video, video_published: false });
  });

  it('searches title, slug and artist, filters by status and category, and pages', async () => {
    const draft = await createVideo({ video_title: 'Quokka Strumming', video_slug: uniqueSlug('quokka') });
    const found = (await call('GET', `${BASE}?q=quokka`, editor.token)).json<Body>().data;
    expect(found.videos.map((v) => v.id_video)).toEqual([draft.id_video]);
    const drafts = (await call('GET', `${BASE}?status=draft&limit=100`, editor.token)).json<Body>().data;
    expect(drafts.videos.every((v) => !v.video_published)).toBe(true);
    expect(drafts.videos.map((v) => v.id_video)).toContain(draft.id_video);
    const published = (await call('GET', `${BASE}?status=published&category=Song&limit=100`, editor.token)).json<Body>().data;
    expect(published.total).toBeGreaterThan(0);
    expect(published.videos.every((v) => v.video_published && v.video_category === 'Song')).toBe(true);
    const page1 = (await call('GET', `${BASE}?limit=2`, editor.token)).json<Body>().data.videos;
    const page2 = (await call('GET', `${BASE}?limit=2&offset=2`, editor.token)).json<Body>().data.videos;
    expect(page2.map((v) => v.id_video)).not.toContain(page1[0]!.id_video);
    expect((await call('GET', `${BASE}?q=%25`, editor.token)).json<Body>().data.total).toBe(0);
  });

  it('refuses an unknown status and a limit out of range with a 400 naming the field', async () => {
    const status = await call('GET', `${BASE}?status=archived`, editor.token);
    expect(status.statusCode).toBe(400);
    expect(status.json<Body>().errors[0]!.field).toBe('status');
    expect((await call('GET', `${BASE}?limit=1000`, editor.token)).statusCode).toBe(400);
  });
});

describe('GET options', () => {
  it('offers every course with its entry count, the facet values and the tags in use', async () => {
    const res = await call('GET', `${BASE}/options`, editor.token);
    expect(res.statusCode).toBe(200);
    const { options } = res.json<Body>().data;
    const course = options.courses.find((c) => c.course_slug === COURSE);
    expect(course?.course_video_count).toBeGreaterThan(3);
    expect(options.values.video_difficulty).toEqual(expect.arrayContaining(['Beginner', 'Intermediate', 'Advanced']));
    expect(options.tags.some((tag) => tag.tag_slug === 'open-chords')).toBe(true);
  });
});

describe('POST a video', () => {
  it('creates a draft with its sections, chords and tags, and audits it', async () => {
    const video = await createVideo({
      video_sections: [
        {
          video_section_type: 'text',
          video_section_heading: 'Plain',
          video_section_content: 'Line one\nline two\n\nSecond & last',
        },
        { video_section_type: 'spotify', video_section_heading: 'Listen', video_section_spotify_id: '4uLU6hMCjMI75M1A2tKUQC' },
        {
          video_section_type: 'asset',
          video_section_heading: 'Chart',
          video_section_asset_path: 'demo/resources/first-chords-chart.pdf',
          // Fields of other types are dropped on save.
          video_section_spotify_id: 'ignored',
        },
      ],
    });
    expect(video.video_published).toBe(false);
    expect(video.video_sections.map((s) => s.video_section_type)).toEqual(['text', 'spotify', 'asset']);
    expect(video.video_sections[0]!.video_section_content).toBe('<p>Line one<br />line two</p><p>Second &amp; last</p>');
    expect(video.video_sections[2]).toMatchObject({
      video_section_asset_name: 'first-chords-chart.pdf',
      video_section_asset_extension: 'pdf',
      video_section_spotify_id: null,
    });
    expect(video.video_chords).toMatchObject([{ video_chord_text: 'F', video_chord_url: null }]);
    expect(video.video_tags).toEqual([{ tag_slug: 'barre-chords', tag_name: 'Barre chords' }]);
    const audit = await auditFor(video.id_video);
    expect(audit.map((a) => a.auditAction)).toEqual(['video.create']);
    expect(audit[0]!.actorEmail).toBe('ed@example.com');
  });

  it('takes the web client’s form encoding: strings for booleans and numbers, bracket keys for lists', async () => {
    const res = await callForm('POST', BASE, editor.token, {
      ...lessonBody({ video_premium: 'true', video_order: '7', video_stream_duration: '' }),
      video_tags: undefined,
      video_chords: undefined,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { video } = res.json<Body>().data;
    expect(video).toMatchObject({
      video_premium: true,
      video_order: 7,
      video_stream_duration: null,
      video_tags: [],
      video_chords: [],
    });
  });

  it('strips unsafe HTML from text sections and refuses one left empty by it', async () => {
    const video = await createVideo({
      video_sections: [{ video_section_type: 'text', video_section_content: '<p onclick="x()">Hi<script>alert(1)</script></p>' }],
    });
    expect(video.video_sections[0]!.video_section_content).toBe('<p>Hi</p>');
    const before = await videoCount();
    const res = await call(
      'POST',
      BASE,
      editor.token,
      lessonBody({ video_sections: [{ video_section_type: 'text', video_section_content: '<script>alert(1)</script>' }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().errors[0]!.field).toBe('video_sections.0.video_section_content');
    expect(await videoCount()).toBe(before);
  });

  it('refuses bad input field by field with a 400 and creates nothing', async () => {
    const before = await videoCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ video_title: '' }, 'video_title'],
      [{ video_slug: 'Not A Slug' }, 'video_slug'],
      [{ video_slug: 'double--hyphen' }, 'video_slug'],
      [{ video_category: 'Podcast' }, 'video_category'],
      [{ video_player: 'vimeo' }, 'video_player'],
      [{ youtube_video_id: 'https://youtu.be/x' }, 'youtube_video_id'],
      [{ video_image: '../etc/passwd' }, 'video_image'],
      [{ video_sections: [{ video_section_type: 'soundslice' }] }, 'video_sections.0.video_section_soundslice_id'],
      [{ video_sections: [{ video_section_type: 'hologram' }] }, 'video_sections.0.video_section_type'],
      [{ video_chords: [{ video_chord_text: '' }] }, 'video_chords.0.video_chord_text'],
      [{ video_tags: [{ tag_name: 'Rock' }, { tag_name: 'rock' }] }, 'video_tags.1.tag_name'],
      [{ id_recommended_course: 999999 }, 'id_recommended_course'],
    ];
    for (const [override, field] of cases) {
      const res = await call('POST', BASE, editor.token, lessonBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json<Body>().errors.map((e) => e.field)).toContain(field);
    }
    expect(await videoCount()).toBe(before);
  });

  it('answers 409 with a clear message for a slug another video uses', async () => {
    const res = await call('POST', BASE, editor.token, lessonBody({ video_slug: SEEDED_SLUG }));
    expect(res.statusCode).toBe(409);
    const error = res.json<Body>().errors[0]!;
    expect(error).toMatchObject({ code: 'SLUG_TAKEN', field: 'video_slug' });
    expect(error.message).toContain('Holding the Guitar and Pick');
  });
});

describe('GET one video', () => {
  it('answers every field the form needs, with the courses it is in', async () => {
    const [seeded] = await t.db.select().from(tables.videos).where(eq(tables.videos.videoSlug, SEEDED_SLUG));
    const res = await call('GET', `${BASE}/${seeded!.idVideo}`, editor.token);
    expect(res.statusCode).toBe(200);
    const { video } = res.json<Body>().data;
    expect(video).toMatchObject({ video_slug: SEEDED_SLUG, video_published: true, video_player: 'stream' });
    expect(video.video_stream_manifest).toBe('demo/hls/demo-clip/index.m3u8');
    expect(video.video_sections.length).toBeGreaterThan(0);
    expect(video.video_courses).toMatchObject([{ course_slug: COURSE, position: 1, kind: 'video' }]);
  });

  it('gives each saved image a signed preview URL beside its media path, and null where there is none', async () => {
    const signedFor = (mediaPath: string): unknown =>
      expect.stringMatching(new RegExp(`^/api/videos/media/${mediaPath.replaceAll('.', '\\.')}\\?exp=\\d+&sig=`));
    const created = await createVideo({
      video_player: 'stream',
      video_stream_manifest: 'demo/hls/demo-clip/index.m3u8',
      video_stream_poster: 'demo/posters/first-chords.svg',
      video_sections: [
        {
          video_section_type: 'youtube',
          video_section_youtube_id: 'M7lc1UVf-VE',
          video_section_youtube_poster: 'demo/posters/a.svg',
        },
        { video_section_type: 'youtube', video_section_youtube_id: 'M7lc1UVf-VE' },
        {
          video_section_type: 'stream',
          video_section_stream_manifest: 'demo/hls/demo-clip/index.m3u8',
          video_section_stream_poster: 'demo/posters/b.svg',
        },
        { video_section_type: 'stream', video_section_stream_manifest: 'demo/hls/demo-clip/index.m3u8' },
        { video_section_type: 'asset', video_section_asset_path: 'demo/resources/first-chords-chart.pdf' },
      ],
      video_chords: [{ video_chord_text: 'C', video_chord_url: 'demo/chords/c-major.svg' }, { video_chord_text: 'Cadd9' }],
    });
    const { video } = (await call('GET', `${BASE}/${created.id_video}`, editor.token)).json<Body>().data;
    expect(video).toMatchObject({
      video_image_signed: null,
      video_stream_poster: 'demo/posters/first-chords.svg',
      video_stream_poster_signed: signedFor('demo/posters/first-chords.svg'),
    });
    expect(video.video_chords).toMatchObject([
      { video_chord_url: 'demo/chords/c-major.svg', video_chord_url_signed: signedFor('demo/chords/c-major.svg') },
      { video_chord_url: null, video_chord_url_signed: null },
    ]);
    const [youtube, youtubeBare, stream, streamBare, asset] = video.video_sections;
    expect(youtube).toMatchObject({ video_section_youtube_poster_signed: signedFor('demo/posters/a.svg') });
    expect(youtubeBare).toMatchObject({ video_section_youtube_poster: null, video_section_youtube_poster_signed: null });
    expect(stream).toMatchObject({ video_section_stream_poster_signed: signedFor('demo/posters/b.svg') });
    expect(streamBare).toMatchObject({ video_section_stream_poster: null, video_section_stream_poster_signed: null });
    expect(asset).toMatchObject({
      video_section_asset_url_signed: signedFor('demo/resources/first-chords-chart.pdf'),
      video_section_youtube_poster_signed: null,
      video_section_stream_poster_signed: null,
    });
    // The create answer carries them too, and a new video without a player poster has none.
    expect(created.video_stream_poster_signed).toEqual(signedFor('demo/posters/first-chords.svg'));
    expect((await createVideo()).video_stream_poster_signed).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const missing = await call('GET', `${BASE}/999999`, editor.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Body>().errors[0]!.code).toBe('VIDEO_NOT_FOUND');
    expect((await call('GET', `${BASE}/abc`, editor.token)).statusCode).toBe(400);
  });
});

describe('PUT a video', () => {
  it('replaces fields, sections, chords and tags whole and audits the changes', async () => {
    const video = await createVideo();
    const res = await call(
      'PUT',
      `${BASE}/${video.id_video}`,
      editor.token,
      lessonBody({
        video_slug: video.video_slug,
        video_title: 'Barre Chords Without Tears',
        video_sections: [
          { video_section_type: 'youtube', video_section_heading: 'Close-up', video_section_youtube_id: 'M7lc1UVf-VE' },
          { video_section_type: 'text', video_section_content: 'New text' },
        ],
        video_chords: [],
        video_tags: [{ tag_name: 'Rock', tag_slug: 'rock' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Body>().data.video;
    expect(updated.video_title).toBe('Barre Chords Without Tears');
    expect(updated.video_sections.map((s) => s.video_section_type)).toEqual(['youtube', 'text']);
    expect(updated.video_chords).toEqual([]);
    expect(updated.video_tags).toEqual([{ tag_slug: 'rock', tag_name: 'Rock' }]);
    const audit = (await auditFor(video.id_video)).find((a) => a.auditAction === 'video.update');
    expect(audit?.auditDiff).toMatchObject({ video_title: { from: 'Your First Barre Chord', to: 'Barre Chords Without Tears' } });
    expect(Object.keys(audit!.auditDiff)).toEqual(expect.arrayContaining(['video_sections', 'video_chords', 'video_tags']));
  });

  it('audits a changed poster by its media path, never by its signed preview URL', async () => {
    const video = await createVideo({ video_stream_poster: 'demo/posters/a.svg' });
    const res = await call(
      'PUT',
      `${BASE}/${video.id_video}`,
      editor.token,
      lessonBody({
        video_slug: video.video_slug,
        video_stream_poster: 'demo/posters/b.svg',
        video_chords: [{ video_chord_text: 'F', video_chord_url: 'demo/chords/f-major.svg' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.video.video_stream_poster_signed).toMatch(/^\/api\/videos\/media\/demo\/posters\/b\.svg\?/);
    const audit = (await auditFor(video.id_video)).find((a) => a.auditAction === 'video.update');
    expect(audit?.auditDiff).toEqual({
      video_stream_poster: { from: 'demo/posters/a.svg', to: 'demo/posters/b.svg' },
      video_chords: { from: '1 entries', to: '1 entries' },
    });
  });

  it('keeps everything as it was when the body is bad', async () => {
    const video = await createVideo();
    const res = await call(
      'PUT',
      `${BASE}/${video.id_video}`,
      editor.token,
      lessonBody({ video_slug: video.video_slug, video_title: 'Changed', video_sections: [{ video_section_type: 'stream' }] }),
    );
    expect(res.statusCode).toBe(400);
    const again = (await call('GET', `${BASE}/${video.id_video}`, editor.token)).json<Body>().data.video;
    expect(again.video_title).toBe(video.video_title);
    expect(again.video_sections).toHaveLength(1);
  });

  it('answers 404 for an unknown id and 409 for another video’s slug', async () => {
    expect((await call('PUT', `${BASE}/999999`, editor.token, lessonBody())).statusCode).toBe(404);
    const video = await createVideo();
    const res = await call('PUT', `${BASE}/${video.id_video}`, editor.token, lessonBody({ video_slug: SEEDED_SLUG }));
    expect(res.statusCode).toBe(409);
    expect(res.json<Body>().errors[0]!.field).toBe('video_slug');
  });

  it('keeps a published video playable: its media cannot be taken away', async () => {
    const video = await createVideo();
    await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: true });
    const res = await call(
      'PUT',
      `${BASE}/${video.id_video}`,
      editor.token,
      lessonBody({ video_slug: video.video_slug, youtube_video_id: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().errors[0]!.field).toBe('youtube_video_id');
  });
});

describe('changing a slug', () => {
  it('keeps the old slug working and refuses it to other videos until the video takes it back', async () => {
    const video = await createVideo({ video_slug: 'old-slug-lesson' });
    await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: true });
    const renamed = await call('PUT', `${BASE}/${video.id_video}`, editor.token, lessonBody({ video_slug: 'new-slug-lesson' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Body>().data.video.video_slug_history).toEqual(['old-slug-lesson']);

    // The public call finds the video by its old slug and names the new one (the page redirects).
    const old = await call('GET', '/api/videos/videos/old-slug-lesson');
    expect(old.statusCode).toBe(200);
    expect(old.json<Body>().data.video.video_slug).toBe('new-slug-lesson');

    const other = await call('POST', BASE, editor.token, lessonBody({ video_slug: 'old-slug-lesson' }));
    expect(other.statusCode).toBe(409);
    expect(other.json<Body>().errors[0]!.message).toContain('still redirects');

    const back = await call('PUT', `${BASE}/${video.id_video}`, editor.token, lessonBody({ video_slug: 'old-slug-lesson' }));
    expect(back.statusCode).toBe(200);
    expect(back.json<Body>().data.video.video_slug_history).toEqual(['new-slug-lesson']);
    const audit = await auditFor(video.id_video);
    expect(audit.filter((a) => a.auditAction === 'video.update').map((a) => a.auditDiff.video_slug)).toEqual([
      { from: 'old-slug-lesson', to: 'new-slug-lesson' },
      { from: 'new-slug-lesson', to: 'old-slug-lesson' },
    ]);
  });
});

describe('publishing and draft preview', () => {
  it('hides a draft from visitors and learners, shows it to editors, and publishes it', async () => {
    const video = await createVideo({ video_premium: true });
    const publicUrl = `/api/videos/videos/${video.video_slug}`;
    expect((await call('GET', publicUrl)).statusCode).toBe(404);
    expect((await call('GET', publicUrl, learner.token)).statusCode).toBe(404);
    const preview = await call('GET', publicUrl, editor.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<Body>().data.video).toMatchObject({ video_published: false, video_locked: false });
    const listed = async () =>
      (await call('GET', `/api/videos/videos?search=${encodeURIComponent(video.video_title)}&limit=100`))
        .json<Body>()
        .data.videos.map((v) => v.id_video);
    expect(await listed()).not.toContain(video.id_video);

    const published = await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: 'true' });
    expect(published.statusCode).toBe(200);
    expect(published.json<Body>().data.video.video_published).toBe(true);
    expect(await listed()).toContain(video.id_video);
    // ADR 0015 still holds: premium is locked for a learner once published.
    const asLearner = (await call('GET', publicUrl, learner.token)).json<Body>().data.video;
    expect(asLearner).toMatchObject({ video_published: true, video_locked: true, youtube_video_id: null });

    const unpublished = await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: false });
    expect(unpublished.json<Body>().data.video.video_published).toBe(false);
    expect((await call('GET', publicUrl, learner.token)).statusCode).toBe(404);
    const actions = (await auditFor(video.id_video)).map((a) => a.auditAction);
    expect(actions).toEqual(['video.create', 'video.publish', 'video.unpublish']);
  });

  it('refuses to publish a video its player cannot play, and bad input', async () => {
    const video = await createVideo({ video_player: 'stream', youtube_video_id: '' });
    const res = await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: true });
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().errors[0]).toMatchObject({ field: 'video_stream_manifest', code: 'VIDEO_NOT_PLAYABLE' });
    const bad = await call('PUT', `${BASE}/${video.id_video}/published`, editor.token, { video_published: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', `${BASE}/999999/published`, editor.token, { video_published: true })).statusCode).toBe(404);
  });
});

describe('PUT courses', () => {
  async function courseId(slug: string): Promise<number> {
    const [row] = await t.db.select().from(tables.courses).where(eq(tables.courses.courseSlug, slug));
    return row!.idCourse;
  }
  async function courseOrder(idCourse: number): Promise<number[]> {
    const rows = await t.db
      .select({ idVideo: tables.courseVideos.idVideo, order: tables.courseVideos.courseVideoOrder })
      .from(tables.courseVideos)
      .where(eq(tables.courseVideos.idCourse, idCourse))
      .orderBy(tables.courseVideos.courseVideoOrder);
    return rows.map((r) => r.idVideo);
  }

  it('puts the video in a course at a position, moves it, and takes it out', async () => {
    const video = await createVideo();
    const beginner = await courseId(COURSE);
    const ukulele = await courseId('ukulele-course');
    const before = await courseOrder(beginner);

    const placed = await call('PUT', `${BASE}/${video.id_video}/courses`, editor.token, {
      courses: [{ id_course: beginner, position: 2 }, { id_course: ukulele }],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const courses = placed.json<Body>().data.courses;
    expect(courses.find((c) => c.id_course === beginner)).toMatchObject({
      position: 2,
      kind: 'video',
      course_video_count: before.length + 1,
    });
    expect(courses.find((c) => c.id_course === ukulele)?.position).toBe(
      courses.find((c) => c.id_course === ukulele)?.course_video_count,
    );
    expect(await courseOrder(beginner)).toEqual([before[0], video.id_video, ...before.slice(1)]);

    const moved = await call('PUT', `${BASE}/${video.id_video}/courses`, editor.token, {
      courses: [{ id_course: beginner, position: 1, kind: 'song' }],
    });
    expect(moved.json<Body>().data.courses).toMatchObject([{ id_course: beginner, position: 1, kind: 'song' }]);
    expect(await courseOrder(beginner)).toEqual([video.id_video, ...before]);
    expect(await courseOrder(ukulele)).not.toContain(video.id_video);

    // Form encoding sends no key for an empty list: the video leaves every course.
    const removed = await callForm('PUT', `${BASE}/${video.id_video}/courses`, editor.token, {});
    expect(removed.json<Body>().data.courses).toEqual([]);
    expect(await courseOrder(beginner)).toEqual(before);
    const audit = (await auditFor(video.id_video)).filter((a) => a.auditAction === 'video.courses.set');
    expect(audit).toHaveLength(3);
  });

  it('refuses an unknown course, a course listed twice and a bad position, and changes nothing', async () => {
    const video = await createVideo();
    const beginner = await courseId(COURSE);
    const unknown = await call('PUT', `${BASE}/${video.id_video}/courses`, editor.token, { courses: [{ id_course: 999999 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Body>().errors[0]!.field).toBe('courses.0.id_course');
    const twice = await call('PUT', `${BASE}/${video.id_video}/courses`, editor.token, {
      courses: [{ id_course: beginner }, { id_course: beginner }],
    });
    expect(twice.statusCode).toBe(400);
    const position = await call('PUT', `${BASE}/${video.id_video}/courses`, editor.token, {
      courses: [{ id_course: beginner, position: 0 }],
    });
    expect(position.statusCode).toBe(400);
    expect((await call('GET', `${BASE}/${video.id_video}`, editor.token)).json<Body>().data.video.video_courses).toEqual([]);
    expect((await call('PUT', `${BASE}/999999/courses`, editor.token, { courses: [] })).statusCode).toBe(404);
  });
});

describe('DELETE a video', () => {
  it('deletes the video with its slug history and audits it; a second delete is a 404', async () => {
    const video = await createVideo({ video_slug: 'to-be-deleted' });
    await call('PUT', `${BASE}/${video.id_video}`, editor.token, lessonBody({ video_slug: 'to-be-deleted-2' }));
    const res = await call('DELETE', `${BASE}/${video.id_video}`, editor.token);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${video.id_video}`, editor.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/videos/videos/to-be-deleted', editor.token)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/${video.id_video}`, editor.token)).statusCode).toBe(404);
    const audit = await auditFor(video.id_video);
    expect(audit.find((a) => a.auditAction === 'video.delete')?.auditDiff).toMatchObject({ video_slug: 'to-be-deleted-2' });
    // The old slug is free again.
    await createVideo({ video_slug: 'to-be-deleted' });
  });
});

describe('chapters, tempo and chord shapes (product.md#practice, product.md#chords)', () => {
  it('saves chapters in time order, the tempo and chords by shape or from the library; the public video carries them', async () => {
    const created = await createVideo({ video_player: 'youtube' });
    const body = lessonBody({
      video_slug: created.video_slug,
      video_tempo: '92',
      video_chapters: [
        { time: '1:05', title: 'Verse riff' },
        { time: '0', title: 'Intro' },
        { time: '2:30.5', title: 'Solo' },
      ],
      video_chords: [
        { video_chord_text: 'Am', video_chord_key: 'am', video_chord_frets: 'x02210', video_chord_fingers: '002310' },
        { video_chord_text: 'F', video_chord_frets: '1 3 3 2 1 1', video_chord_fingers: '1 3 4 2 1 1' },
        { video_chord_text: 'G', video_chord_url: 'uploads/g-chord.png' },
      ],
    });
    const res = await callForm('PUT', `${BASE}/${created.id_video}`, editor.token, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Body>().data.video;
    expect(saved.video_tempo).toBe(92);
    expect(saved.video_chapters).toEqual([
      { time: 0, title: 'Intro' },
      { time: 65, title: 'Verse riff' },
      { time: 150.5, title: 'Solo' },
    ]);
    expect(
      saved.video_chords.map((c) => [c.video_chord_frets, c.video_chord_fingers, c.video_chord_key, c.video_chord_url]),
    ).toEqual([
      ['x 0 2 2 1 0', '0 0 2 3 1 0', 'am', null],
      ['1 3 3 2 1 1', '1 3 4 2 1 1', null, null],
      [null, null, null, 'uploads/g-chord.png'],
    ]);

    const published = await call('PUT', `${BASE}/${created.id_video}/published`, editor.token, { video_published: true });
    expect(published.statusCode, published.body).toBe(200);
    const pub = (await t.app.inject({ url: `/api/videos/videos/${created.video_slug}` })).json<Body>().data.video;
    expect(pub.video_tempo).toBe(92);
    expect(pub.video_chapters.map((c) => c.title)).toEqual(['Intro', 'Verse riff', 'Solo']);
    expect(pub.video_chords[0]).toMatchObject({
      video_chord_text: 'Am',
      video_chord_frets: 'x 0 2 2 1 0',
      video_chord_key: 'am',
    });
    // "Which lessons teach this chord" is a query on the library key.
    const teaching = await t.db.select().from(tables.videoChords).where(eq(tables.videoChords.chordKey, 'am'));
    expect(teaching.some((row) => row.idVideo === created.id_video)).toBe(true);
  });

  it.each([
    [
      { video_chapters: [{ time: '1:75', title: 'Bad' }] },
      'video_chapters.0.time',
      'Write the time like 1:23 (minutes:seconds).',
    ],
    [{ video_chapters: [{ time: '0:10', title: '' }] }, 'video_chapters.0.title', 'Name the chapter.'],
    [
      {
        video_chapters: [
          { time: '0:10', title: 'A' },
          { time: '10', title: 'B' },
        ],
      },
      'video_chapters.1.time',
      'Another chapter starts at this time.',
    ],
    [{ video_tempo: '20' }, 'video_tempo', 'A tempo is at least 30 beats per minute.'],
    [
      { video_chords: [{ video_chord_text: 'C', video_chord_frets: 'x3201' }] },
      'video_chords.0.video_chord_frets',
      'Write six frets, low E first, like x32010 or 8 10 10 9 8 8 (x = not played).',
    ],
    [
      { video_chords: [{ video_chord_text: 'C', video_chord_frets: 'x32010', video_chord_fingers: '132010' }] },
      'video_chords.0.video_chord_frets',
      'Name a finger only on a fretted string.',
    ],
    [
      { video_instrument: 'Ukulele', video_chords: [{ video_chord_text: 'C', video_chord_frets: 'x32010' }] },
      'video_chords.0.video_chord_frets',
      'Write four frets, G string first, like 0003 or 2010 (x = not played).',
    ],
    [
      { video_chords: [{ video_chord_text: 'C', video_chord_key: 'h-minor' }] },
      'video_chords.0.video_chord_key',
      'Pick a chord from the library.',
    ],
  ])('refuses %j with a clear message', async (overrides, field, message) => {
    const res = await call('POST', BASE, editor.token, lessonBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().errors.find((e) => e.field === field)?.message, res.body).toBe(message);
  });

  it('lets only editors set chapters', async () => {
    const created = await createVideo();
    const res = await call(
      'PUT',
      `${BASE}/${created.id_video}`,
      learner.token,
      lessonBody({ video_chapters: [{ time: '1', title: 'X' }] }),
    );
    expect(res.statusCode).toBe(403);
  });
});
