import { describe, expect, it, vi } from 'vitest';
import { CLIENT_ERRORS, type Course, type SavedVideo, type Video } from '@fretline/contract';
import { ApiError, createApiClient, errorMessage, type ApiClient } from './api-client';

// Responses must parse (product.md#validation), in the browser too: the real client, against a
// fake fetch that answers the course, video and saved calls with a valid or a malformed body. The
// calls name no schema: the client checks them against the contract by itself.

const courseEntry = {
  id_course_video: 1,
  id_video: 7,
  video_title: 'Intro',
  video_slug: 'intro',
  video_image: null,
  video_premium: false,
  video_duration: 95,
  course_video_part: null,
};
const courseRef = { id_course: 3, course_slug: 'beginner-guitar-course', course_title: 'Beginner', course_image: null };

const course: Record<keyof Course, unknown> = {
  id_course: 3,
  course_slug: 'beginner-guitar-course',
  course_archetype: 'course',
  course_title: 'Beginner Guitar Course',
  course_description: null,
  course_excerpt: 'Start here.',
  course_order: 1,
  course_image: null,
  course_image_text: null,
  course_jumbo_image: null,
  course_jumbo_image_position: null,
  course_trailer_url: null,
  course_published: true,
  course_videos: [courseEntry],
  course_songs: [],
  course_video_active: { ...courseEntry, video_last_played: '2024-03-05 14:30:00', video_play_start_time: 0 },
  course_percent_complete: 38,
  course_stream_folder: null,
  course_stream_manifest: null,
  course_stream_preview: null,
  course_stream_poster: null,
  course_stream_duration: null,
  course_stream_width: null,
  course_stream_height: null,
  course_stream_bitrate: null,
  course_stream_manifest_signed: null,
  course_stream_preview_signed: null,
  course_stream_poster_signed: null,
  course_testimonials: [],
};

const video: Record<keyof Video, unknown> = {
  id_video: 7,
  video_created: '2024-03-05 14:30:00',
  video_title: 'Intro',
  video_player: 'stream',
  video_slug: 'intro',
  video_premium: false,
  video_published: true,
  video_image: null,
  video_order: 1,
  video_excerpt: null,
  video_category: 'Lesson',
  video_difficulty: 'Beginner',
  video_instrument: null,
  video_artist: null,
  video_skill: null,
  video_genre: null,
  video_decade: null,
  video_type: null,
  video_grade: null,
  video_tags: [{ tag_slug: 'blues', tag_name: 'Blues' }],
  youtube_video_id: null,
  youtube_video_embed_url: null,
  video_stream_manifest_signed: null,
  video_stream_poster_signed: null,
  video_duration: null,
  video_course: courseRef,
  video_course_next: null,
  video_recommended_course: null,
  video_course_video_prev: null,
  video_course_video_next: courseEntry,
  saved_to_my_list: false,
  video_locked: false,
  video_sections: [],
  video_chords: [],
  video_chapters: [],
  video_captions: [],
  video_chord_timeline: [],
  video_score: null,
  video_tempo: null,
  id_video_play: null,
  video_play_total_time: null,
  video_play_current_time: null,
  video_play_completed: false,
  video_play_watched_time: 0,
};

const saved: Record<keyof SavedVideo, unknown> = {
  id_user_video: 11,
  id_video: 7,
  video_title: 'Intro',
  video_slug: 'intro',
  video_route: '/videos/intro',
  video_image_url: null,
  video_subtitle: null,
  saved_time: null,
  saved_note: null,
};

const summary = (v: typeof video) => {
  const { id_video, video_created, video_title, video_slug, video_premium, video_image, video_order } = v;
  const { video_excerpt, video_category, video_artist, video_type, video_difficulty, video_tags, video_locked } = v;
  return {
    ...{ id_video, video_created, video_title, video_slug, video_premium, video_image, video_order, video_excerpt },
    ...{
      video_category,
      video_artist,
      video_type,
      video_difficulty,
      video_tags,
      video_locked,
      saved_to_my_list: false,
      video_duration: 95,
    },
  };
};
const facets = { category: [], difficulty: [], grade: [], genre: [], decade: [], artist: [], skill: [], instrument: [] };

/** Each call and its data, valid and broken the way a drifting API would break it. */
const CALLS = [
  {
    name: 'GET course',
    call: (api: ApiClient) => api.call('videos.getCourse', { params: { courseSlug: 'beginner-guitar-course' } }),
    valid: { course, course_watched_videos: [7] },
    malformed: { course: { ...course, course_videos: [{ ...courseEntry, id_video: '7' }] }, course_watched_videos: [] },
    broken: 'course.course_videos.0.id_video',
  },
  {
    name: 'GET courses',
    call: (api: ApiClient) => api.call('videos.listCourses'),
    valid: {
      courses: [{ ...courseRef, course_archetype: 'course', course_excerpt: null, course_order: 1, course_image_text: null }],
    },
    malformed: { courses: [{ ...courseRef, course_slug: null }] },
    broken: 'courses.0',
  },
  {
    name: 'GET video',
    call: (api: ApiClient) =>
      api.call('videos.getVideo', { params: { videoSlug: 'intro' }, query: { courseSlug: 'beginner-guitar-course' } }),
    valid: { video },
    malformed: { video: { ...video, video_category: 'Podcast' } },
    broken: 'video.video_category',
  },
  {
    name: 'GET videos',
    call: (api: ApiClient) => api.call('videos.listVideos', { limit: 24 }),
    valid: { videos: [summary(video)], total: 1, facets },
    malformed: { videos: [{ ...summary(video), video_created: 'yesterday' }], total: 1, facets },
    broken: 'videos.0.video_created',
  },
  {
    name: 'PATCH video',
    call: (api: ApiClient) =>
      api.call('videos.recordProgress', {
        params: { videoSlug: 'intro' },
        body: { video_play_total_time: 60, video_play_current_time: 5 },
      }),
    valid: { video: { ...video, id_video_play: 4, video_play_total_time: 60, video_play_current_time: 5 } },
    malformed: { video: { ...video, video_play_current_time: -5 } },
    broken: 'video.video_play_current_time',
  },
  {
    name: 'GET saved',
    call: (api: ApiClient) => api.call('videos.listSaved', { limit: 35 }),
    valid: { saved: [saved], total: 1 },
    malformed: { saved: [{ ...saved, video_route: '' }], total: 1 },
    broken: 'saved.0.video_route',
  },
  {
    name: 'POST saved',
    call: (api: ApiClient) => api.call('videos.saveVideo', { body: { id_video: 7 } }),
    valid: { saved },
    malformed: { saved: { ...saved, id_user_video: null } },
    broken: 'saved.id_user_video',
  },
];

/** A client whose fetch answers every call with `data` and records what went to /api/error. */
function clientAnswering(data: unknown, create: typeof createApiClient = createApiClient) {
  const reports: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    // A server reads the body: ky waits for the request's body stream to be drained.
    if (input instanceof Request) await input.text();
    if (url.pathname === '/api/error') {
      reports.push(url.searchParams.get('message') ?? '');
      return new Response(null, { status: 204 });
    }
    return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const api = create({ baseUrl: 'http://api.test', fetch, retryDelayMs: 0 });
  return { api, reports };
}

describe('the client checks course, video and saved responses against the contract', () => {
  it.each(CALLS)('$name: a valid body is returned, dates revived', async ({ call, valid }) => {
    const { api, reports } = clientAnswering(valid);
    const data = (await call(api)) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(Object.keys(valid).sort());
    expect(reports).toEqual([]);
  });

  it.each(CALLS)(
    '$name: a malformed body shows the schema error text (product.md#errors) and is reported to /api/error',
    async ({ name, call, malformed, broken }) => {
      const { api, reports } = clientAnswering(malformed);
      const err = await call(api).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      expect(errorMessage(err)).toBe(CLIENT_ERRORS.schema);
      expect(CLIENT_ERRORS.schema).toBe('We cannot process that request, please try again or contact support.');
      await vi.waitFor(() => expect(reports).toHaveLength(1));
      expect(reports[0]).toContain(`Client schema error on ${name.split(' ')[0]} /videos/`);
      expect(reports[0]).toContain(broken);
    },
  );

  it('revives the video dates the page reads as Date objects', async () => {
    const { api } = clientAnswering({ video });
    const data = await api.call('videos.getVideo', { params: { videoSlug: 'intro' } });
    expect(data.video.video_created).toBeInstanceOf(Date);
  });

  it('in production checks these calls still, and leaves the other calls unchecked', async () => {
    vi.stubEnv('DEV', false);
    vi.resetModules();
    try {
      const production = await import('./api-client');
      const { api, reports } = clientAnswering({ anything: 'goes' }, production.createApiClient);
      await expect(api.call('videos.listLiveStreams')).resolves.toEqual({ anything: 'goes' });
      expect(reports).toEqual([]);
      const err = await api.call('videos.listCourses').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(production.ApiError);
      expect((err as Error).message).toBe(CLIENT_ERRORS.schema);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
