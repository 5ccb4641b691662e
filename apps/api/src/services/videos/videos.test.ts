import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Course,
  CourseSummary,
  CurrentCourse,
  FreeResource,
  LiveStream,
  SavedVideo,
  Video,
  VideoFacets,
  VideoSummary,
} from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { makeMember } from '../../../test/membership.ts';

/** The wire bodies these tests read (dates arrive as strings; the types only guide the reading). */
interface Body {
  data: {
    videos: VideoSummary[];
    total: number;
    facets: VideoFacets;
    video: Video;
    course: Course & CurrentCourse;
    course_watched_videos: number[];
    courses: CourseSummary[];
    saved: SavedVideo[] & SavedVideo;
    streams: LiveStream[];
    stream: LiveStream;
    resources: FreeResource[];
    urls: { path: string; updated: string }[];
  };
  errors: { message: string; code: string; field?: string }[];
}

let t: TestApp;
let learner: Awaited<ReturnType<typeof createUserWithSession>>;
let member: Awaited<ReturnType<typeof createUserWithSession>>;
let other: Awaited<ReturnType<typeof createUserWithSession>>;

// Seeded demo content (packages/db/src/seed/catalogue.ts).
const FREE_VIDEO = 'holding-the-guitar';
const PREMIUM_VIDEO = 'c-and-d-chords';
const COURSE = 'beginner-guitar-course';

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  learner = await createUserWithSession(t.db);
  member = await createUserWithSession(t.db);
  other = await createUserWithSession(t.db);
  await makeMember(t.db, member.idUser);
});
afterAll(() => t.close());

describe('GET /api/videos', () => {
  it('lists published videos newest first with a total and facet counts', async () => {
    const res = await get('/api/videos/videos?limit=5');
    expect(res.statusCode).toBe(200);
    const { videos, total, facets } = res.json<Body>().data;
    expect(videos).toHaveLength(5);
    expect(total).toBeGreaterThanOrEqual(60);
    const dates = videos.map((v) => String(v.video_created));
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(facets.category.map((f: { value: string }) => f.value).sort()).toEqual(['Lesson', 'Live Replay', 'Song']);
    expect(facets.difficulty.length).toBeGreaterThan(1);
    expect(videos[0]!.video_image).toMatch(/^\/api\/videos\/media\/demo\/.+\?exp=\d+&sig=/);
  });

  it('filters by facets, by the filter JSON, by tags and by free text', async () => {
    const songs = (await get('/api/videos/videos?category=Song&limit=100')).json<Body>().data;
    expect(songs.videos.every((v: { video_category: string }) => v.video_category === 'Song')).toBe(true);
    expect(songs.total).toBe(songs.videos.length);

    const blues = (
      await get(`/api/videos/videos?filter=${encodeURIComponent('{"video_genre":"Blues","category":"Song"}')}`)
    ).json<Body>().data;
    expect(blues.total).toBeGreaterThan(0);
    expect(blues.videos.every((v: { video_category: string }) => v.video_category === 'Song')).toBe(true);

    const tagged = (await get('/api/videos/videos?tags=open-chords&limit=100')).json<Body>().data;
    expect(tagged.total).toBeGreaterThan(0);
    for (const v of tagged.videos) expect(v.video_tags.map((tag: { tag_slug: string }) => tag.tag_slug)).toContain('open-chords');

    const found = (await get('/api/videos/videos?search=lantern')).json<Body>().data;
    expect(found.videos.map((v: { video_slug: string }) => v.video_slug)).toEqual(['the-lantern-road']);

    const none = (await get('/api/videos/videos?search=zzzz-nothing')).json<Body>().data;
    expect(none).toMatchObject({ videos: [], total: 0 });
  });

  it('pages with limit and offset', async () => {
    const first = (await get('/api/videos/videos?limit=3&order=video_order')).json<Body>().data.videos;
    const second = (await get('/api/videos/videos?limit=3&offset=3&order=video_order')).json<Body>().data.videos;
    expect(first.map((v: { video_order: number }) => v.video_order)).toEqual([1, 2, 3]);
    expect(second.map((v: { video_order: number }) => v.video_order)).toEqual([4, 5, 6]);
  });

  it('refuses an unknown order field, a filter that is not JSON and a limit out of range', async () => {
    const order = await get('/api/videos/videos?order=password');
    expect(order.statusCode).toBe(400);
    expect(order.json<Body>().errors[0]!.field).toBe('order');
    const filter = await get('/api/videos/videos?filter=not-json');
    expect(filter.statusCode).toBe(400);
    expect((await get(`/api/videos/videos?filter=${encodeURIComponent('{"id_user":1}')}`)).statusCode).toBe(400);
    expect((await get('/api/videos/videos?limit=1000')).statusCode).toBe(400);
  });

  it('marks premium videos locked for visitors and learners but not for members', async () => {
    const query = `/api/videos/videos?search=${encodeURIComponent('Adding C and D')}`;
    expect((await get(query)).json<Body>().data.videos[0]!.video_locked).toBe(true);
    expect((await get(query, learner.token)).json<Body>().data.videos[0]!.video_locked).toBe(true);
    expect((await get(query, member.token)).json<Body>().data.videos[0]!.video_locked).toBe(false);
  });
});

describe('GET /api/videos/videos/:videoSlug', () => {
  it('answers 404 for an unknown slug', async () => {
    const res = await get('/api/videos/videos/no-such-video');
    expect(res.statusCode).toBe(404);
    expect(res.json<Body>().errors[0]!.code).toBe('VIDEO_NOT_FOUND');
  });

  it('gives everyone a free video with its signed stream, sections and chords', async () => {
    const video = (await get(`/api/videos/videos/${FREE_VIDEO}`)).json<Body>().data.video;
    expect(video.video_locked).toBe(false);
    expect(video.video_stream_manifest_signed).toMatch(/^\/api\/videos\/media\/demo\/hls\/demo-clip\/index\.m3u8\?exp=/);
    expect(video.video_sections[0]!.video_section_content!).toContain('<p>');
    expect(video.video_course).toMatchObject({ course_slug: COURSE });
    expect(video.video_course_video_next).toMatchObject({ video_slug: 'tuning-up' });
    expect(video.id_video_play).toBeNull();
  });

  it('locks a premium video for a visitor and a learner: no manifest, no assets, only a preview', async () => {
    for (const token of [undefined, learner.token]) {
      const video = (await get(`/api/videos/videos/${PREMIUM_VIDEO}`, token)).json<Body>().data.video;
      expect(video.video_locked).toBe(true);
      expect(video.video_title).toBe('Adding C and D');
      expect(video.video_stream_poster_signed).toBeTruthy();
      expect(video.video_stream_manifest_signed).toBeNull();
      expect(video.youtube_video_embed_url).toBeNull();
      const text = video.video_sections.filter((s: { video_section_content: string | null }) => s.video_section_content);
      expect(text).toHaveLength(1);
      expect(text[0]!.video_section_content!.length).toBeLessThanOrEqual(240);
      for (const s of video.video_sections) {
        expect(s.video_section_asset_url_signed).toBeNull();
        expect(s.video_section_stream_manifest_signed).toBeNull();
        expect(s.video_section_youtube_id).toBeNull();
      }
      expect(JSON.stringify(video)).not.toContain('.m3u8');
    }
  });

  it('unlocks a premium video for a member', async () => {
    const video = (await get(`/api/videos/videos/${PREMIUM_VIDEO}`, member.token)).json<Body>().data.video;
    expect(video.video_locked).toBe(false);
    expect(video.video_stream_manifest_signed).toContain('.m3u8');
  });

  it('uses the courseSlug query for the course context when the video is in that course', async () => {
    const song = (await get(`/api/videos/videos/the-lantern-road?courseSlug=${COURSE}`)).json<Body>().data.video;
    expect(song.video_course!.course_slug).toBe(COURSE);
    expect(song.video_course_next).toMatchObject({ course_slug: 'electric-rock-rhythm' });
    const standalone = (await get('/api/videos/videos/paper-satellites')).json<Body>().data.video;
    expect(standalone.video_course).toBeNull();
    expect(standalone.video_recommended_course).toMatchObject({ course_slug: COURSE });
  });
});

describe('the media store', () => {
  it('serves a signed manifest whose segment URLs are signed too, and the segments with ranges', async () => {
    const video = (await get(`/api/videos/videos/${FREE_VIDEO}`)).json<Body>().data.video;
    const manifest = await get(video.video_stream_manifest_signed!);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const segment = manifest.body.split('\n').find((line) => line.includes('segment-00.ts'));
    expect(segment).toMatch(/^\/api\/videos\/media\/demo\/hls\/demo-clip\/segment-00\.ts\?exp=\d+&sig=/);
    const whole = await get(segment!);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp2t');
    const part = await t.app.inject({ url: segment!, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.rawPayload.length).toBe(100);
    const bad = await t.app.inject({ url: segment!, headers: { range: 'bytes=999999999-' } });
    expect(bad.statusCode).toBe(416);
  });

  it('refuses an unsigned, tampered or expired URL', async () => {
    const video = (await get(`/api/videos/videos/${FREE_VIDEO}`)).json<Body>().data.video;
    const url = video.video_stream_manifest_signed!;
    expect((await get(url.split('?')[0]!)).statusCode).toBe(403);
    expect((await get(url.replace('index.m3u8', 'segment-00.ts'))).statusCode).toBe(403);
    expect((await get(url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'))).statusCode).toBe(403);
    t.clock.advance(6 * 3600_000);
    try {
      expect((await get(url)).statusCode).toBe(403);
    } finally {
      t.clock.advance(-6 * 3600_000);
    }
  });

  it('never serves a path outside the media folders', async () => {
    for (const path of [
      '/api/videos/media/demo/../../package.json',
      '/api/videos/media/%2e%2e/secret-key',
      '/api/videos/media/.env',
    ]) {
      const res = await get(`${path}?exp=9999999999&sig=x`);
      expect([403, 404]).toContain(res.statusCode);
    }
  });
});

describe('PATCH /api/videos/videos/:videoSlug', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/${FREE_VIDEO}`,
      payload: { video_play_total_time: 16, video_play_current_time: 3 },
    });
    expect(res.statusCode).toBe(401);
    // The guard reads first: a bad body from a signed-out caller is still a 401, not a 400.
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/${FREE_VIDEO}`,
      payload: { video_play_current_time: -1 },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('refuses progress on a locked video and bad times', async () => {
    const locked = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/${PREMIUM_VIDEO}`,
      headers: bearer(learner.token),
      payload: { video_play_total_time: 16, video_play_current_time: 3 },
    });
    expect(locked.statusCode).toBe(403);
    const negative = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/${FREE_VIDEO}`,
      headers: bearer(learner.token),
      payload: { video_play_total_time: 16, video_play_current_time: -1 },
    });
    expect(negative.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/${FREE_VIDEO}`,
      // form-encoded, as the web client sends it
      headers: { ...bearer(learner.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'video_play_current_time=abc',
    });
    expect(missing.statusCode).toBe(400);
  });

  it('creates the play, then updates it, and moves the course resume point and percent complete', async () => {
    const created = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/${FREE_VIDEO}?courseSlug=${COURSE}`,
      headers: { ...bearer(learner.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'video_play_total_time=16&video_play_current_time=5.5',
    });
    expect(created.statusCode).toBe(200);
    const play = created.json<Body>().data.video;
    expect(play.id_video_play).toEqual(expect.any(Number));
    expect(play.video_play_current_time).toBe(5.5);

    let course = (await get(`/api/videos/courses/${COURSE}`, learner.token)).json<Body>().data;
    expect(course.course.course_video_active).toMatchObject({ video_slug: FREE_VIDEO });
    expect(course.course.course_video_active!.video_last_played).toEqual(expect.any(String));
    expect(course.course.course_percent_complete).toBe(0);

    const finished = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/${FREE_VIDEO}`,
      headers: bearer(learner.token),
      payload: {
        id_video_play: play.id_video_play,
        video_play_total_time: 16,
        video_play_current_time: 15,
        video_play_watched: '0-15',
      },
    });
    expect(finished.statusCode).toBe(200);
    expect(finished.json<Body>().data.video).toMatchObject({ video_play_completed: true, video_play_watched_time: 15 });
    expect(finished.json<Body>().data.video.id_video_play).toBe(play.id_video_play);
    course = (await get(`/api/videos/courses/${COURSE}`, learner.token)).json<Body>().data;
    const entries = course.course.course_videos.length + course.course.course_songs.length;
    expect(course.course.course_percent_complete).toBe(Math.floor(100 / entries));
    expect(course.course_watched_videos).toEqual([play.id_video]);
    // Resume now opens the next lesson, from its start (docs/product.md#learning-progress).
    expect(course.course.course_video_active).toMatchObject({ video_slug: 'tuning-up', video_play_start_time: 0 });

    // Going back to the start keeps the video finished.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/${FREE_VIDEO}`,
      headers: bearer(learner.token),
      payload: { id_video_play: play.id_video_play, video_play_total_time: 16, video_play_current_time: 1 },
    });
    course = (await get(`/api/videos/courses/${COURSE}`, learner.token)).json<Body>().data;
    expect(course.course_watched_videos).toEqual([play.id_video]);
  });

  it("answers 404 for another user's play id and changes nothing", async () => {
    const mine = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/tuning-up`,
      headers: bearer(learner.token),
      payload: { video_play_total_time: 16, video_play_current_time: 4 },
    });
    const id = mine.json<Body>().data.video.id_video_play;
    const theirs = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/tuning-up`,
      headers: bearer(other.token),
      payload: { id_video_play: id, video_play_total_time: 16, video_play_current_time: 12 },
    });
    expect(theirs.statusCode).toBe(404);
    const again = (await get('/api/videos/videos/tuning-up', learner.token)).json<Body>().data.video;
    expect(again.video_play_current_time).toBe(4);
  });
});

describe('courses', () => {
  it('lists the published courses by course_order', async () => {
    const courses = (await get('/api/videos/courses')).json<Body>().data.courses;
    expect(courses.map((c: { course_slug: string }) => c.course_slug)).toEqual([
      'beginner-guitar-course',
      'electric-rock-rhythm',
      'intermediate-guitar-course',
      'lead-guitar-1',
      'lead-guitar-2',
      'lead-guitar-3',
      'ukulele-course',
      'jamies-technique-tuneups',
    ]);
  });

  it('answers 404 for an unknown course', async () => {
    const res = await get('/api/videos/courses/no-such-course');
    expect(res.statusCode).toBe(404);
    expect(res.json<Body>().errors[0]!.code).toBe('COURSE_NOT_FOUND');
  });

  it('shows a visitor the course with lessons, songs, testimonials and no progress', async () => {
    const { course, course_watched_videos } = (await get(`/api/videos/courses/${COURSE}`)).json<Body>().data;
    expect(course.course_videos[0]!.video_slug).toBe('holding-the-guitar');
    expect(course.course_songs.map((s: { video_slug: string }) => s.video_slug)).toContain('the-lantern-road');
    expect(course.course_testimonials).toHaveLength(3);
    expect(course.course_video_active).toBeNull();
    expect(course.course_percent_complete).toBe(0);
    expect(course_watched_videos).toEqual([]);
    expect(course.course_stream_manifest_signed).toContain('.m3u8');
  });

  it('reverses the videos of the technique course', async () => {
    const { course } = (await get('/api/videos/courses/jamies-technique-tuneups')).json<Body>().data;
    expect(course.course_videos[0]!.video_slug).toBe('tuneup-muting-unwanted-strings');
    expect(course.course_videos.at(-1)!.video_slug).toBe('tuneup-relaxed-strumming-wrist');
  });
});

describe('saved videos (My List)', () => {
  it('needs a signed-in user', async () => {
    expect((await get('/api/videos/saved')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/videos/saved', payload: { id_video: 1 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/videos/saved', payload: { id_video: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/videos/saved/x' })).statusCode).toBe(401);
  });

  it('saves, lists with route, image and subtitle, and removes only the owner’s entry', async () => {
    const video = (await get('/api/videos/videos/midnight-diner-blues')).json<Body>().data.video;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/videos/saved',
      headers: bearer(learner.token),
      payload: { id_video: video.id_video },
    });
    expect(saved.statusCode).toBe(201);
    const entry = saved.json<Body>().data.saved;
    expect(entry).toMatchObject({
      id_video: video.id_video,
      video_route: '/videos/midnight-diner-blues',
      video_subtitle: 'Song by Clarence "Slim" Harlow',
    });
    expect(entry.video_image_url).toContain('/api/videos/media/');

    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/videos/saved',
      headers: bearer(learner.token),
      payload: { id_video: video.id_video },
    });
    expect(twice.json<Body>().data.saved.id_user_video).toBe(entry.id_user_video);

    const list = (await get('/api/videos/saved', learner.token)).json<Body>().data;
    expect(list.total).toBe(1);
    expect(list.saved[0]!.id_user_video).toBe(entry.id_user_video);
    expect((await get(`/api/videos/videos/midnight-diner-blues`, learner.token)).json<Body>().data.video.saved_to_my_list).toBe(
      true,
    );
    const narrowed = (await get(`/api/videos/saved?id_video=${video.id_video}`, learner.token)).json<Body>().data;
    expect(narrowed.saved.map((e) => e.id_user_video)).toEqual([entry.id_user_video]);
    expect((await get(`/api/videos/saved?id_video=${video.id_video}`, other.token)).json<Body>().data.total).toBe(0);

    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/saved/${entry.id_user_video}`,
      headers: bearer(other.token),
    });
    expect(stolen.statusCode).toBe(404);
    expect((await get('/api/videos/saved', learner.token)).json<Body>().data.total).toBe(1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/saved/${entry.id_user_video}`,
      headers: bearer(learner.token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get('/api/videos/saved', learner.token)).json<Body>().data.total).toBe(0);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/saved/${entry.id_user_video}`,
      headers: bearer(learner.token),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('pages by 30 by default', async () => {
    const ids = (await get('/api/videos/videos?limit=35&order=video_order'))
      .json<Body>()
      .data.videos.map((v: { id_video: number }) => v.id_video);
    for (const id of ids) {
      await t.app.inject({ method: 'POST', url: '/api/videos/saved', headers: bearer(other.token), payload: { id_video: id } });
    }
    const first = (await get('/api/videos/saved', other.token)).json<Body>().data;
    expect(first.saved).toHaveLength(30);
    expect(first.total).toBe(35);
    const rest = (await get('/api/videos/saved?offset=30', other.token)).json<Body>().data;
    expect(rest.saved).toHaveLength(5);
  });

  it('answers 404 for an unknown video and 400 for a bad id', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/videos/saved',
      headers: bearer(learner.token),
      payload: { id_video: 999999 },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/videos/saved',
      headers: bearer(learner.token),
      payload: { id_video: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('live streams, free resources and the sitemap', () => {
  it('lists live now first, then upcoming, then past with replays', async () => {
    const streams = (await get('/api/videos/live')).json<Body>().data.streams;
    expect(streams[0]).toMatchObject({ stream_slug: 'practice-along-live', stream_status: 'live' });
    expect(streams[0]!.stream_manifest_signed!).toContain('.m3u8');
    const upcoming = streams.filter((s: { stream_status: string }) => s.stream_status === 'upcoming');
    expect(upcoming.length).toBe(2);
    expect(upcoming.every((s: { stream_manifest_signed: string | null }) => s.stream_manifest_signed === null)).toBe(true);
    const past = streams.filter((s: { stream_status: string }) => s.stream_status === 'past');
    expect(past[0]!.stream_replay).toMatchObject({ video_slug: 'live-replay-gear-night' });
  });

  it('shows one stream and answers 404 for an unknown one', async () => {
    expect((await get('/api/videos/live/sunday-blues-jam')).json<Body>().data.stream.stream_status).toBe('past');
    expect((await get('/api/videos/live/nope')).statusCode).toBe(404);
  });

  it('lists free resources with signed download URLs that work, and free lessons', async () => {
    const data = (await get('/api/videos/free-resources')).json<Body>().data;
    expect(data.resources.length).toBeGreaterThanOrEqual(3);
    const pdf = await get(data.resources[0]!.resource_url_signed!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(data.videos.every((v: { video_premium: boolean }) => !v.video_premium)).toBe(true);
  });

  it('lists every published video, course and live stream for the sitemap', async () => {
    const urls = (await get('/api/videos/sitemap')).json<Body>().data.urls;
    const paths = urls.map((u) => u.path);
    expect(paths).toContain('/courses/beginner-guitar-course');
    expect(paths).toContain(`/videos/${FREE_VIDEO}`);
    expect(paths).toContain('/live/practice-along-live');
    expect(urls[0]!.updated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('the course outline (ADR 0049)', () => {
  it('marks each entry free or members-only, gives its length and the part it opens', async () => {
    const { course } = (await get(`/api/videos/courses/${COURSE}`)).json<Body>().data;
    const bySlug = new Map(course.course_videos.map((e) => [e.video_slug, e]));
    expect(bySlug.get(FREE_VIDEO)).toMatchObject({
      video_premium: false,
      video_duration: 16,
      course_video_part: 'Getting started',
    });
    expect(bySlug.get(PREMIUM_VIDEO)).toMatchObject({ video_premium: true, video_duration: 16, course_video_part: null });
    expect(course.course_videos.filter((e) => e.course_video_part).map((e) => e.course_video_part)).toEqual([
      'Getting started',
      'Your first chords',
      'Strumming and changing chords',
      'Your first song',
    ]);
    // The prev/next entries of a video page carry the same fields.
    const video = (await get(`/api/videos/videos/${FREE_VIDEO}?courseSlug=${COURSE}`)).json<Body>().data.video;
    expect(video.video_course_video_next).toMatchObject({ video_slug: 'tuning-up', video_premium: false });
  });
});

describe('GET /api/videos/me/course', () => {
  const play = (slug: string, token: string, current: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/${slug}`,
      headers: bearer(token),
      payload: { video_play_total_time: 16, video_play_current_time: current, video_play_watched: `0-${current}` },
    });

  it('needs a signed-in user', async () => {
    const res = await get('/api/videos/me/course');
    expect(res.statusCode).toBe(401);
    const bad = await get('/api/videos/me/course', 'not-a-token');
    expect(bad.statusCode).toBe(401);
  });

  it('is null before any course video has been played', async () => {
    const fresh = await createUserWithSession(t.db);
    const res = await get('/api/videos/me/course', fresh.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<Body>().data.course).toBeNull();
  });

  it('is the course played last, with the resume point and percent the course page shows', async () => {
    const fresh = await createUserWithSession(t.db);
    await makeMember(t.db, fresh.idUser);
    expect((await play(FREE_VIDEO, fresh.token, 15)).statusCode).toBe(200);
    let current = (await get('/api/videos/me/course', fresh.token)).json<Body>().data.course;
    const page = (await get(`/api/videos/courses/${COURSE}`, fresh.token)).json<Body>().data.course;
    expect(current).toMatchObject({
      course_slug: COURSE,
      course_title: 'Beginner Guitar Course',
      course_percent_complete: page.course_percent_complete,
      // The lesson played is done: the course goes on with the next one.
      course_video_active: { video_slug: 'tuning-up' },
    });
    expect(page.course_percent_complete).toBeGreaterThan(0);

    // Playing a lesson of another course makes that one current.
    const [rhythm] = (await get('/api/videos/courses/electric-rock-rhythm')).json<Body>().data.course.course_videos;
    expect((await play(rhythm!.video_slug, fresh.token, 3)).statusCode).toBe(200);
    current = (await get('/api/videos/me/course', fresh.token)).json<Body>().data.course;
    expect(current).toMatchObject({
      course_slug: 'electric-rock-rhythm',
      course_video_active: { video_slug: rhythm!.video_slug },
    });

    // Another user's progress is never theirs.
    const stranger = await createUserWithSession(t.db);
    expect((await get('/api/videos/me/course', stranger.token)).json<Body>().data.course).toBeNull();
  });
});
