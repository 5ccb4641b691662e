import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import type { Course, CourseSummary, EditorCourse, EditorCourseSummary } from '@fretline/contract';
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
  course: EditorCourse & Course;
  courses: EditorCourseSummary[] & CourseSummary[];
  course_watched_videos: number[];
}>;

let t: TestApp;
let editor: TestUser;
let admin: TestUser;
let staff: TestUser;
let learner: TestUser;

const BASE = '/api/videos/editor/courses';
// Seeded demo content (packages/db/src/seed/catalogue.ts).
const SEEDED_COURSE = 'beginner-guitar-course';

const { call, callForm } = createEditorCalls(() => t);

const uniqueSlug = createSlugMaker('course-test');

function courseBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    course_title: 'Fingerstyle Foundations',
    course_slug: uniqueSlug(),
    course_archetype: 'course',
    course_excerpt: 'Thumb, index, middle: patterns that carry a song.',
    course_description: 'Learn to pick.\n\nThen learn to pick faster.',
    course_image: 'demo/courses/beginner-guitar-course.svg',
    course_image_text: 'A guitar on a stool',
    course_jumbo_image: 'demo/courses/beginner-guitar-course-jumbo.svg',
    course_jumbo_image_position: 'top',
    course_trailer_url: '/courses/fingerstyle#trailer',
    course_stream_manifest: 'demo/hls/demo-clip/index.m3u8',
    course_stream_duration: '16',
    ...overrides,
  };
}

async function createCourse(overrides: Record<string, unknown> = {}): Promise<EditorCourse> {
  const res = await call('POST', BASE, editor.token, courseBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>().data.course;
}

const auditFor = (idCourse: number | string) => findAuditEntries(t.db, 'course', idCourse);

/** Ids of published seeded videos, for course entries. */
async function videoIds(n: number, published = true): Promise<number[]> {
  const rows = await t.db
    .select({ idVideo: tables.videos.idVideo })
    .from(tables.videos)
    .where(eq(tables.videos.videoPublished, published))
    .orderBy(tables.videos.idVideo)
    .limit(n);
  return rows.map((r) => r.idVideo);
}

beforeAll(async () => {
  ({
    t,
    users: { editor, otherEditor: admin, staff, learner },
  } = await createEditorTestApp({ otherEditorRole: 'Admin' }));
});
afterAll(async () => {
  await t.close();
});

describe('guards', () => {
  it('answers 401 signed out and 403 to Staff and learners, before looking at the body', async () => {
    expect((await call('GET', BASE)).statusCode).toBe(401);
    expect((await call('GET', BASE, staff.token)).statusCode).toBe(403);
    expect((await call('GET', BASE, learner.token)).statusCode).toBe(403);
    // A bad body from the wrong role is still a 403, not a 400.
    expect((await call('POST', BASE, staff.token, { course_title: '' })).statusCode).toBe(403);
    expect((await call('POST', BASE, undefined, { course_title: '' })).statusCode).toBe(401);
    expect((await call('PUT', `${BASE}/1/published`, learner.token, { course_published: true })).statusCode).toBe(403);
  });

  it('lets every Editor-group role in (Admin here)', async () => {
    expect((await call('GET', BASE, admin.token)).statusCode).toBe(200);
  });

  it('refuses ids that are not positive integers and answers 404 for unknown ones', async () => {
    expect((await call('GET', `${BASE}/abc`, editor.token)).statusCode).toBe(400);
    expect((await call('GET', `${BASE}/0`, editor.token)).statusCode).toBe(400);
    const missing = await call('GET', `${BASE}/999999`, editor.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Body>().errors[0]?.message).toMatch(/cannot be found/);
    expect((await call('PUT', `${BASE}/999999`, editor.token, courseBody())).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/999999/entries`, editor.token, { course_videos: [] })).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/999999/testimonials`, editor.token, { course_testimonials: [] })).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/999999/published`, editor.token, { course_published: true })).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/999999`, editor.token)).statusCode).toBe(404);
  });
});

describe('list and read', () => {
  it('lists every course in course_order with counts, drafts included', async () => {
    const draft = await createCourse();
    const res = await call('GET', BASE, editor.token);
    expect(res.statusCode).toBe(200);
    const courses = res.json<Body>().data.courses;
    const orders = courses.map((c) => c.course_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const seeded = courses.find((c) => c.course_slug === SEEDED_COURSE);
    expect(seeded).toMatchObject({ course_published: true, course_archetype: 'course' });
    expect(seeded!.course_video_count).toBeGreaterThan(0);
    // Each course's own counts: a new course has none.
    expect(courses.find((c) => c.id_course === draft.id_course)).toMatchObject({ course_video_count: 0, course_song_count: 0 });
    expect(seeded!.course_image_signed).toMatch(/^\/api\/videos\/media\/demo\/courses\/.+\?exp=\d+&sig=/);
    expect(courses.at(-1)).toMatchObject({ id_course: draft.id_course, course_published: false });
  });

  it('reads one course with raw media paths, signed previews, entries and testimonials', async () => {
    const list = (await call('GET', BASE, editor.token)).json<Body>().data.courses;
    const id = list.find((c) => c.course_slug === SEEDED_COURSE)!.id_course;
    const course = (await call('GET', `${BASE}/${id}`, editor.token)).json<Body>().data.course;
    expect(course.course_image).toBe('demo/courses/beginner-guitar-course.svg');
    expect(course.course_image_signed).toMatch(/sig=/);
    // The trailer poster is previewed like the card and banner images.
    expect(course.course_stream_poster).toBe('demo/courses/beginner-guitar-course-jumbo.svg');
    expect(course.course_stream_poster_signed).toMatch(
      /^\/api\/videos\/media\/demo\/courses\/beginner-guitar-course-jumbo\.svg\?exp=\d+&sig=/,
    );
    expect(course.course_videos.length).toBeGreaterThan(0);
    expect(course.course_videos[0]).toMatchObject({ video_published: true });
    expect(course.course_testimonials.map((x) => x.course_testimonial_name)).toEqual(['Hannah', 'Omar', 'Priya']);
    expect(course.course_slug_history).toEqual([]);
  });
});

describe('create', () => {
  it('creates a draft, last in order, with sanitised HTML and an audit record', async () => {
    const res = await call('POST', BASE, editor.token, courseBody({ course_description: 'Hi<script>alert(1)</script>' }));
    expect(res.statusCode, res.body).toBe(201);
    const course = res.json<Body>().data.course;
    expect(course).toMatchObject({
      course_title: 'Fingerstyle Foundations',
      course_published: false,
      course_jumbo_image_position: 'top',
      course_stream_duration: 16,
      course_description: 'Hi',
    });
    const all = (await call('GET', BASE, editor.token)).json<Body>().data.courses;
    expect(Math.max(...all.map((c) => c.course_order))).toBe(course.course_order);
    // Plain text (no tags) becomes paragraphs.
    expect((await createCourse()).course_description).toBe('<p>Learn to pick.</p><p>Then learn to pick faster.</p>');
    const audit = await auditFor(course.id_course);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ auditAction: 'course.create', idUserActor: editor.idUser });
  });

  it('accepts the form encoding with empty fields as none and defaults', async () => {
    const res = await callForm('POST', BASE, editor.token, {
      course_title: 'Slide Guitar',
      course_slug: uniqueSlug('slide'),
      course_archetype: '',
      course_jumbo_image_position: '',
      course_excerpt: '',
      course_stream_width: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Body>().data.course).toMatchObject({
      course_archetype: 'course',
      course_jumbo_image_position: 'center',
      course_excerpt: null,
      course_stream_width: null,
    });
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const before = (await call('GET', BASE, editor.token)).json<Body>().data.courses.length;
    const res = await call(
      'POST',
      BASE,
      editor.token,
      courseBody({
        course_title: '',
        course_slug: 'Not A Slug',
        course_image: '../secret',
        course_trailer_url: 'javascript:alert(1)',
        course_jumbo_image_position: 'left',
        course_stream_width: '-3',
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json<Body>().errors.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'course_title',
        'course_slug',
        'course_image',
        'course_trailer_url',
        'course_jumbo_image_position',
        'course_stream_width',
      ]),
    );
    expect((await call('GET', BASE, editor.token)).json<Body>().data.courses.length).toBe(before);
  });

  it('refuses a slug already used, with a 409 naming the course', async () => {
    const res = await call('POST', BASE, editor.token, courseBody({ course_slug: SEEDED_COURSE }));
    expect(res.statusCode).toBe(409);
    expect(res.json<Body>().errors[0]).toMatchObject({ field: 'course_slug', code: 'SLUG_TAKEN' });
    expect(res.json<Body>().errors[0]?.message).toContain('Beginner Guitar Course');
  });

  it('refuses HTML that sanitises to nothing', async () => {
    const res = await call('POST', BASE, editor.token, courseBody({ course_description: '<script>x()</script>' }));
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().errors[0]?.field).toBe('course_description');
  });
});

describe('update and slug history', () => {
  it('replaces the fields, audits the changed ones only', async () => {
    const course = await createCourse();
    const res = await call('PUT', `${BASE}/${course.id_course}`, editor.token, {
      ...courseBody({ course_slug: course.course_slug }),
      course_title: 'Fingerstyle Foundations, revised',
      course_excerpt: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.course).toMatchObject({
      course_title: 'Fingerstyle Foundations, revised',
      course_excerpt: null,
    });
    const audit = (await auditFor(course.id_course)).find((a) => a.auditAction === 'course.update');
    expect(Object.keys(audit!.auditDiff as object).sort()).toEqual(['course_excerpt', 'course_title']);
  });

  it('previews a newly set trailer poster, none before, and audits the poster by its path alone', async () => {
    const course = await createCourse();
    expect(course).toMatchObject({ course_stream_poster: null, course_stream_poster_signed: null });
    const res = await call(
      'PUT',
      `${BASE}/${course.id_course}`,
      editor.token,
      courseBody({ course_slug: course.course_slug, course_stream_poster: 'demo/courses/lead-guitar-1-jumbo.svg' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.course.course_stream_poster_signed).toMatch(
      /^\/api\/videos\/media\/demo\/courses\/lead-guitar-1-jumbo\.svg\?exp=\d+&sig=/,
    );
    const audit = (await auditFor(course.id_course)).find((a) => a.auditAction === 'course.update');
    expect(Object.keys(audit!.auditDiff as object)).toEqual(['course_stream_poster']);
  });

  it('keeps the old slug redirecting: the public call finds the course by it, and a third rename keeps both', async () => {
    const course = await createCourse();
    await call('PUT', `${BASE}/${course.id_course}/published`, editor.token, { course_published: true });
    const first = course.course_slug;
    const second = uniqueSlug('renamed');
    const third = uniqueSlug('renamed-again');
    expect((await call('PUT', `${BASE}/${course.id_course}`, editor.token, courseBody({ course_slug: second }))).statusCode).toBe(
      200,
    );
    const renamed = await call('PUT', `${BASE}/${course.id_course}`, editor.token, courseBody({ course_slug: third }));
    expect(renamed.json<Body>().data.course.course_slug_history.sort()).toEqual([first, second].sort());

    // The public call answers the old slug with the course under its current slug; the page redirects.
    const old = await call('GET', `/api/videos/courses/${first}`);
    expect(old.statusCode).toBe(200);
    expect(old.json<Body>().data.course.course_slug).toBe(third);

    // Renaming back to a former slug takes it out of the history.
    const back = await call('PUT', `${BASE}/${course.id_course}`, editor.token, courseBody({ course_slug: first }));
    expect(back.json<Body>().data.course.course_slug_history.sort()).toEqual([second, third].sort());
  });

  it('refuses another course’s former slug with a 409 (it still redirects there)', async () => {
    const a = await createCourse();
    const oldSlug = a.course_slug;
    await call('PUT', `${BASE}/${a.id_course}`, editor.token, courseBody({ course_slug: uniqueSlug('moved') }));
    const b = await createCourse();
    const res = await call('PUT', `${BASE}/${b.id_course}`, editor.token, courseBody({ course_slug: oldSlug }));
    expect(res.statusCode).toBe(409);
    expect(res.json<Body>().errors[0]?.message).toMatch(/still redirects/);
    const created = await call('POST', BASE, editor.token, courseBody({ course_slug: oldSlug }));
    expect(created.statusCode).toBe(409);
  });

  it('refuses bad input on update without changing anything', async () => {
    const course = await createCourse();
    const res = await call('PUT', `${BASE}/${course.id_course}`, editor.token, courseBody({ course_slug: '-bad-' }));
    expect(res.statusCode).toBe(400);
    const after = (await call('GET', `${BASE}/${course.id_course}`, editor.token)).json<Body>().data.course;
    expect(after.course_slug).toBe(course.course_slug);
  });
});

describe('lessons and songs', () => {
  it('sets both ordered lists in one call, form-encoded, and the public page shows them in that order', async () => {
    const course = await createCourse();
    const [a, b, c] = await videoIds(3);
    const res = await callForm('PUT', `${BASE}/${course.id_course}/entries`, editor.token, {
      course_videos: [b, a],
      course_songs: [c],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<Body>().data.course;
    expect(edited.course_videos.map((e) => e.id_video)).toEqual([b, a]);
    expect(edited.course_songs.map((e) => e.id_video)).toEqual([c]);

    await call('PUT', `${BASE}/${course.id_course}/published`, editor.token, { course_published: true });
    const pub = (await call('GET', `/api/videos/courses/${course.course_slug}`)).json<Body>().data.course;
    expect(pub.course_videos.map((e) => e.id_video)).toEqual([b, a]);
    expect(pub.course_songs.map((e) => e.id_video)).toEqual([c]);

    const audit = (await auditFor(course.id_course)).find((x) => x.auditAction === 'course.entries.set');
    expect(audit!.auditDiff).toMatchObject({ course_videos: { from: [], to: [b, a] }, course_songs: { from: [], to: [c] } });
  });

  it('shows a change on the public course and video pages at once, though both were just read (ADR 0018)', async () => {
    const course = await createCourse({ course_title: 'Before the edit' });
    const [a, b] = (await videoIds(2)) as [number, number];
    await callForm('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: [a, b] });
    await call('PUT', `${BASE}/${course.id_course}/published`, editor.token, { course_published: true });
    const slugOf = async (id: number) =>
      (await t.db.select({ slug: tables.videos.videoSlug }).from(tables.videos).where(eq(tables.videos.idVideo, id)))[0]!.slug;
    const videoUrl = `/api/videos/videos/${await slugOf(a)}?courseSlug=${course.course_slug}`;
    const publicCourse = async () => (await call('GET', `/api/videos/courses/${course.course_slug}`)).json<Body>().data.course;
    const publicVideo = async () =>
      (await call('GET', videoUrl)).json<{ data: { video: { video_course_video_next: { id_video: number } | null } } }>().data
        .video;
    // Read once, so both answers are remembered…
    expect((await publicCourse()).course_title).toBe('Before the edit');
    expect((await publicVideo()).video_course_video_next?.id_video).toBe(b);

    // …then edit: the lessons swap, the title changes.
    await callForm('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: [b, a] });
    await call(
      'PUT',
      `${BASE}/${course.id_course}`,
      editor.token,
      courseBody({ course_title: 'After the edit', course_slug: course.course_slug }),
    );

    const after = await publicCourse();
    expect(after.course_title).toBe('After the edit');
    expect(after.course_videos.map((e) => e.id_video)).toEqual([b, a]);
    expect((await publicVideo()).video_course_video_next).toBeNull();
  });

  it('sets the lessons’ part headings beside them (ADR 0049); leaving them out keeps them', async () => {
    const course = await createCourse();
    const [a, b, c] = (await videoIds(3)) as [number, number, number];
    const res = await callForm('PUT', `${BASE}/${course.id_course}/entries`, editor.token, {
      course_videos: [a, b, c],
      course_video_parts: [' Getting started ', '', 'Your first song'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.course.course_videos.map((e) => e.course_video_part)).toEqual([
      'Getting started',
      null,
      'Your first song',
    ]);
    await call('PUT', `${BASE}/${course.id_course}/published`, editor.token, { course_published: true });
    const pub = (await call('GET', `/api/videos/courses/${course.course_slug}`)).json<Body>().data.course;
    expect(pub.course_videos.map((e) => e.course_video_part)).toEqual(['Getting started', null, 'Your first song']);

    // Reordering without the headings keeps each lesson's heading.
    const kept = await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: [c, a, b] });
    expect(kept.json<Body>().data.course.course_videos.map((e) => e.course_video_part)).toEqual([
      'Your first song',
      'Getting started',
      null,
    ]);
    const audit = (await auditFor(course.id_course)).find((x) => x.auditAction === 'course.entries.set');
    expect(audit!.auditDiff).toMatchObject({ course_video_parts: { to: ['Getting started', null, 'Your first song'] } });

    // More headings than lessons, or one too long, is refused.
    const extra = await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, {
      course_videos: [a],
      course_video_parts: ['One', 'Two'],
    });
    expect(extra.statusCode).toBe(400);
    const long = await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, {
      course_videos: [a],
      course_video_parts: ['x'.repeat(121)],
    });
    expect(long.statusCode).toBe(400);
    // Only editors set them.
    expect(
      (await call('PUT', `${BASE}/${course.id_course}/entries`, undefined, { course_videos: [a], course_video_parts: ['X'] }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps entry rows (and so learners’ resume points) for videos that stay; an empty form list clears', async () => {
    const course = await createCourse();
    const [a, b] = await videoIds(2);
    const first = (await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: [a, b] })).json<Body>()
      .data.course;
    const idOfB = first.course_videos[1]!.id_course_video;
    const reordered = (
      await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: [b], course_songs: [a] })
    ).json<Body>().data.course;
    expect(reordered.course_videos[0]!.id_course_video).toBe(idOfB);
    expect(reordered.course_songs[0]!.id_video).toBe(a);

    const cleared = await callForm('PUT', `${BASE}/${course.id_course}/entries`, editor.token, {
      course_videos: '',
      course_songs: '',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Body>().data.course.course_videos).toEqual([]);
    expect(cleared.json<Body>().data.course.course_songs).toEqual([]);
  });

  it('includes draft videos for the editor but not on the public page', async () => {
    const course = await createCourse();
    const [published] = await videoIds(1);
    const [idVideo] = await t.db
      .insert(tables.videos)
      .values({ videoSlug: uniqueSlug('draft-video'), videoTitle: 'Draft video', videoCategory: 'Lesson', videoPublished: false })
      .returning({ idVideo: tables.videos.idVideo });
    await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: [idVideo!.idVideo, published] });
    await call('PUT', `${BASE}/${course.id_course}/published`, editor.token, { course_published: true });
    const edited = (await call('GET', `${BASE}/${course.id_course}`, editor.token)).json<Body>().data.course;
    expect(edited.course_videos.map((e) => [e.id_video, e.video_published])).toEqual([
      [idVideo!.idVideo, false],
      [published, true],
    ]);
    const pub = (await call('GET', `/api/videos/courses/${course.course_slug}`)).json<Body>().data.course;
    expect(pub.course_videos.map((e) => e.id_video)).toEqual([published]);
  });

  it('refuses a video twice, an unknown video and non-ids, changing nothing', async () => {
    const course = await createCourse();
    const [a] = await videoIds(1);
    await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: [a] });
    const twice = await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, {
      course_videos: [a],
      course_songs: [a],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<Body>().errors[0]?.field).toBe('course_songs.0');
    const unknown = await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: [999999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Body>().errors[0]).toMatchObject({ field: 'course_videos.0', code: 'VIDEO_NOT_FOUND' });
    const junk = await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: ['x'] });
    expect(junk.statusCode).toBe(400);
    const after = (await call('GET', `${BASE}/${course.id_course}`, editor.token)).json<Body>().data.course;
    expect(after.course_videos.map((e) => e.id_video)).toEqual([a]);
  });
});

describe('testimonials', () => {
  it('replaces the ordered list and the public page shows it', async () => {
    const course = await createCourse();
    const res = await callForm('PUT', `${BASE}/${course.id_course}/testimonials`, editor.token, {
      course_testimonials: [
        { course_testimonial_name: 'Sam', course_testimonial_content: 'Clear and kind.', course_testimonial_image: '' },
        {
          course_testimonial_name: 'Alex',
          course_testimonial_content: 'Finally got fingerpicking.',
          course_testimonial_image: 'demo/people/omar.svg',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<Body>().data.course.course_testimonials;
    expect(list.map((x) => [x.course_testimonial_name, x.course_testimonial_image])).toEqual([
      ['Sam', null],
      ['Alex', 'demo/people/omar.svg'],
    ]);
    expect(list[1]!.course_testimonial_image_signed).toMatch(/sig=/);
    const audit = (await auditFor(course.id_course)).find((x) => x.auditAction === 'course.testimonials.set');
    expect(audit!.auditDiff).toMatchObject({ course_testimonials: { from: [], to: ['Sam', 'Alex'] } });

    const none = await callForm('PUT', `${BASE}/${course.id_course}/testimonials`, editor.token, { course_testimonials: '' });
    expect(none.json<Body>().data.course.course_testimonials).toEqual([]);
  });

  it('refuses a testimonial without words', async () => {
    const course = await createCourse();
    const res = await call('PUT', `${BASE}/${course.id_course}/testimonials`, editor.token, {
      course_testimonials: [{ course_testimonial_name: 'Sam', course_testimonial_content: ' ' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().errors[0]?.field).toBe('course_testimonials.0.course_testimonial_content');
  });
});

describe('order', () => {
  it('reorders every course and the public list follows', async () => {
    const list = (await call('GET', BASE, editor.token)).json<Body>().data.courses;
    const ids = list.map((c) => c.id_course);
    const reversed = [...ids].reverse();
    const res = await callForm('PUT', `${BASE}/order`, editor.token, { id_courses: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.courses.map((c) => c.id_course)).toEqual(reversed);
    const publicOrder = (await call('GET', '/api/videos/courses')).json<Body>().data.courses.map((c) => c.id_course);
    expect(publicOrder).toEqual(reversed.filter((id) => publicOrder.includes(id)));
    expect((await auditFor('all')).some((a) => a.auditAction === 'course.order.set')).toBe(true);
    // Put it back for the other tests.
    await call('PUT', `${BASE}/order`, editor.token, { id_courses: ids });
  });

  it('refuses a partial, duplicated or stale list with a 409, and an empty one with a 400', async () => {
    const ids = (await call('GET', BASE, editor.token)).json<Body>().data.courses.map((c) => c.id_course);
    expect((await call('PUT', `${BASE}/order`, editor.token, { id_courses: ids.slice(1) })).statusCode).toBe(409);
    expect((await call('PUT', `${BASE}/order`, editor.token, { id_courses: [...ids.slice(1), ids[1]] })).statusCode).toBe(409);
    expect((await call('PUT', `${BASE}/order`, editor.token, { id_courses: [...ids, 999999] })).statusCode).toBe(409);
    expect((await call('PUT', `${BASE}/order`, editor.token, { id_courses: [] })).statusCode).toBe(400);
  });
});

describe('publish, preview and delete', () => {
  it('hides a draft from the public and learners, shows it to editors; publishing shows it to all', async () => {
    const course = await createCourse();
    const url = `/api/videos/courses/${course.course_slug}`;
    expect((await call('GET', url)).statusCode).toBe(404);
    expect((await call('GET', url, learner.token)).statusCode).toBe(404);
    const preview = await call('GET', url, editor.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<Body>().data.course.course_published).toBe(false);
    expect((await call('GET', '/api/videos/courses')).json<Body>().data.courses.map((c) => c.id_course)).not.toContain(
      course.id_course,
    );

    const published = await callForm('PUT', `${BASE}/${course.id_course}/published`, editor.token, { course_published: 'true' });
    expect(published.json<Body>().data.course.course_published).toBe(true);
    expect((await call('GET', url)).statusCode).toBe(200);
    expect((await call('GET', '/api/videos/courses')).json<Body>().data.courses.map((c) => c.id_course)).toContain(
      course.id_course,
    );

    // Publishing twice is no change (one audit row); unpublishing hides it again.
    await call('PUT', `${BASE}/${course.id_course}/published`, editor.token, { course_published: true });
    await call('PUT', `${BASE}/${course.id_course}/published`, editor.token, { course_published: false });
    expect((await call('GET', url)).statusCode).toBe(404);
    const actions = (await auditFor(course.id_course)).map((a) => a.auditAction);
    expect(actions.filter((a) => a === 'course.publish')).toHaveLength(1);
    expect(actions).toContain('course.unpublish');
  });

  it('refuses a publish body that is not a boolean', async () => {
    const course = await createCourse();
    const res = await call('PUT', `${BASE}/${course.id_course}/published`, editor.token, { course_published: 'maybe' });
    expect(res.statusCode).toBe(400);
  });

  it('deletes a course with its entries and history; the videos stay; the old slug is gone too', async () => {
    const course = await createCourse();
    const [a] = await videoIds(1);
    await call('PUT', `${BASE}/${course.id_course}/entries`, editor.token, { course_videos: [a] });
    const old = course.course_slug;
    await call('PUT', `${BASE}/${course.id_course}`, editor.token, courseBody({ course_slug: uniqueSlug('doomed') }));
    const res = await call('DELETE', `${BASE}/${course.id_course}`, editor.token);
    expect(res.statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${course.id_course}`, editor.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/videos/courses/${old}`, editor.token)).statusCode).toBe(404);
    const [video] = await t.db.select().from(tables.videos).where(eq(tables.videos.idVideo, a!));
    expect(video).toBeDefined();
    expect((await auditFor(course.id_course)).map((x) => x.auditAction)).toContain('course.delete');
    // The slug is free again once its course is gone.
    expect((await call('POST', BASE, editor.token, courseBody({ course_slug: old }))).statusCode).toBe(201);
  });
});
