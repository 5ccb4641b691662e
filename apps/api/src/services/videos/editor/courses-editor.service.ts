import type {
  EditorCourse,
  EditorCourseBody,
  EditorCourseEntriesBody,
  EditorCourseEntry,
  EditorCourseSummary,
  EditorCourseTestimonialsBody,
} from '@fretline/contract';
import type { Database } from '@fretline/db';
import { onUniqueViolation } from '../../../platform/database-errors.ts';
import { signedMediaUrl } from '../../../platform/media/index.ts';
import { AppError, badRequest, notFound } from '../../../plugins/errors.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { sanitizeSectionHtml } from '../videos.context.ts';
import * as repo from './courses-editor.repository.ts';
import { textToHtml, type EditorContext } from './videos-editor.service.ts';

const COURSE_NOT_FOUND_TEXT = 'That course cannot be found; it may have been deleted.';
const TARGET = 'course';

const courseNotFound = () => notFound(COURSE_NOT_FOUND_TEXT, 'COURSE_NOT_FOUND');

// ---------------------------------------------------------------- shared with the live and resource editors

/** Two editors saving the same new slug at once: the unique index decides, the loser gets the 409. */
export async function withSlugRace<T>(field: string, slug: string, noun: string, work: () => Promise<T>): Promise<T> {
  return onUniqueViolation(
    work,
    () => new AppError('SLUG_TAKEN', 409, `The slug “${slug}” was just taken by another ${noun}. Choose another.`, field),
  );
}

const short = (value: unknown) => (typeof value === 'string' && value.length > 120 ? `${value.slice(0, 117)}…` : value);

/** The audit diff of an update: each changed field as { from, to }, long texts shortened. */
export function diffFields<T extends object>(before: T, after: T, skip: readonly string[]): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (skip.includes(key)) continue;
    const from = before[key];
    const to = after[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) diff[key] = { from: short(from), to: short(to) };
  }
  return diff;
}

/** Staff-written HTML passes the public allow-list on save, too; plain text becomes paragraphs. */
export function cleanHtml(text: string | null, field: string): string | null {
  if (!text) return null;
  const html = sanitizeSectionHtml(textToHtml(text)).trim();
  if (!html) {
    throw badRequest('Nothing of this text is left once unsafe HTML is removed; write it as plain text or simple HTML.', field);
  }
  return html;
}

// ---------------------------------------------------------------- reading

export async function listEditorCourses(ctx: Pick<EditorContext, 'db' | 'store' | 'now'>): Promise<EditorCourseSummary[]> {
  const rows = await repo.findCourseSummaries(ctx.db);
  return rows.map((r) => ({
    id_course: r.idCourse,
    course_slug: r.courseSlug,
    course_archetype: r.courseArchetype,
    course_title: r.courseTitle,
    course_order: r.courseOrder,
    course_image_signed: signedMediaUrl(ctx, r.courseImage),
    course_published: r.coursePublished,
    course_updated: r.courseUpdated,
    course_video_count: r.videoCount,
    course_song_count: r.songCount,
  }));
}

export async function getEditorCourse(ctx: Pick<EditorContext, 'db' | 'store' | 'now'>, idCourse: number): Promise<EditorCourse> {
  const course = await repo.findCourse(ctx.db, idCourse);
  if (!course) throw courseNotFound();
  const [entries, testimonials, slugHistory] = await Promise.all([
    repo.findEntries(ctx.db, idCourse),
    repo.findTestimonials(ctx.db, idCourse),
    repo.findSlugHistory(ctx.db, idCourse),
  ]);
  const toEntry = (e: repo.EntryRow): EditorCourseEntry => ({
    id_course_video: e.idCourseVideo,
    id_video: e.idVideo,
    video_title: e.videoTitle,
    video_slug: e.videoSlug,
    video_category: e.videoCategory,
    video_published: e.videoPublished,
    video_image_signed: signedMediaUrl(ctx, e.videoImage),
    course_video_part: e.part,
  });
  return {
    id_course: course.idCourse,
    course_slug: course.courseSlug,
    course_archetype: course.courseArchetype,
    course_title: course.courseTitle,
    course_description: course.courseDescription,
    course_excerpt: course.courseExcerpt,
    course_order: course.courseOrder,
    course_image: course.courseImage,
    course_image_signed: signedMediaUrl(ctx, course.courseImage),
    course_image_text: course.courseImageText,
    course_jumbo_image: course.courseJumboImage,
    course_jumbo_image_signed: signedMediaUrl(ctx, course.courseJumboImage),
    course_jumbo_image_position: course.courseJumboImagePosition,
    course_trailer_url: course.courseTrailerUrl,
    course_stream_folder: course.streamFolder,
    course_stream_manifest: course.streamManifest,
    course_stream_preview: course.streamPreview,
    course_stream_poster: course.streamPoster,
    course_stream_poster_signed: signedMediaUrl(ctx, course.streamPoster),
    course_stream_duration: course.streamDuration,
    course_stream_width: course.streamWidth,
    course_stream_height: course.streamHeight,
    course_stream_bitrate: course.streamBitrate,
    course_published: course.coursePublished,
    course_created: course.courseCreated,
    course_updated: course.courseUpdated,
    // The public page lists kind 'song' as songs and everything else as lessons; so does the editor.
    course_videos: entries.filter((e) => e.kind !== 'song').map(toEntry),
    course_songs: entries.filter((e) => e.kind === 'song').map(toEntry),
    course_testimonials: testimonials.map((t) => ({
      id_course_testimonial: t.idCourseTestimonial,
      course_testimonial_name: t.testimonialName,
      course_testimonial_content: t.testimonialContent,
      course_testimonial_image: t.testimonialImage,
      course_testimonial_image_signed: signedMediaUrl(ctx, t.testimonialImage),
    })),
    course_slug_history: slugHistory,
  };
}

// ---------------------------------------------------------------- writing

/** Spec: slugs are unique; an earlier slug of another course still redirects there, so it is taken too. */
async function requireFreeSlug(db: Database, slug: string, idCourse: number | null): Promise<void> {
  const holder = await repo.findSlugHolder(db, slug);
  if (!holder || holder.idCourse === idCourse) return;
  const message = holder.current
    ? `The slug “${slug}” is already used by the course “${holder.courseTitle}”. Choose another.`
    : `The slug “${slug}” still redirects to the course “${holder.courseTitle}”, which used it before. Choose another.`;
  throw new AppError('SLUG_TAKEN', 409, message, 'course_slug');
}

function toCourseColumns(body: EditorCourseBody): Omit<repo.CourseInsert, 'courseOrder'> {
  return {
    courseTitle: body.course_title,
    courseSlug: body.course_slug,
    courseArchetype: body.course_archetype,
    courseDescription: cleanHtml(body.course_description, 'course_description'),
    courseExcerpt: body.course_excerpt,
    courseImage: body.course_image,
    courseImageText: body.course_image_text,
    courseJumboImage: body.course_jumbo_image,
    courseJumboImagePosition: body.course_jumbo_image_position,
    courseTrailerUrl: body.course_trailer_url,
    // The manifest's folder unless one is given (the stream's segments sit beside its playlist).
    streamFolder:
      body.course_stream_folder ??
      (body.course_stream_manifest?.includes('/')
        ? body.course_stream_manifest.slice(0, body.course_stream_manifest.lastIndexOf('/'))
        : null),
    streamManifest: body.course_stream_manifest,
    streamPreview: body.course_stream_preview,
    streamPoster: body.course_stream_poster,
    streamDuration: body.course_stream_duration,
    streamWidth: body.course_stream_width,
    streamHeight: body.course_stream_height,
    streamBitrate: body.course_stream_bitrate,
  };
}

/** POST: a new course, always a draft, last in course_order. */
export async function createCourse(ctx: EditorContext, body: EditorCourseBody): Promise<EditorCourse> {
  const columns = toCourseColumns(body);
  const idCourse = await withSlugRace('course_slug', body.course_slug, 'course', () =>
    ctx.db.transaction(async (tx) => {
      await requireFreeSlug(tx, body.course_slug, null);
      const id = await repo.insertCourse(tx, {
        ...columns,
        courseOrder: await repo.nextCourseOrder(tx),
        coursePublished: false,
        courseCreated: ctx.now,
        courseUpdated: ctx.now,
      });
      await recordAudit(
        tx,
        ctx.auth,
        {
          action: 'course.create',
          targetType: TARGET,
          targetId: id,
          diff: { course_title: body.course_title, course_slug: body.course_slug },
        },
        ctx.now,
      );
      return id;
    }),
  );
  return getEditorCourse(ctx, idCourse);
}

const UPDATE_SKIP = [
  'course_updated',
  'course_created',
  'course_image_signed',
  'course_jumbo_image_signed',
  'course_stream_poster_signed',
  'course_videos',
  'course_songs',
  'course_testimonials',
  'course_slug_history',
] as const;

/** PUT: replaces the course's own fields. A changed slug keeps the old one redirecting (301). */
export async function updateCourse(ctx: EditorContext, idCourse: number, body: EditorCourseBody): Promise<EditorCourse> {
  const columns = toCourseColumns(body);
  await withSlugRace('course_slug', body.course_slug, 'course', () =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.findCourse(tx, idCourse, true);
      if (!current) throw courseNotFound();
      const before = await getEditorCourse({ ...ctx, db: tx }, idCourse);
      const slugChanged = body.course_slug !== current.courseSlug;
      if (slugChanged) await requireFreeSlug(tx, body.course_slug, idCourse);
      await repo.updateCourse(tx, idCourse, { ...columns, courseUpdated: ctx.now });
      if (slugChanged) await repo.recordSlugChange(tx, idCourse, current.courseSlug, body.course_slug, ctx.now);
      const after = await getEditorCourse({ ...ctx, db: tx }, idCourse);
      const diff = diffFields(before, after, UPDATE_SKIP);
      if (Object.keys(diff).length) {
        await recordAudit(tx, ctx.auth, { action: 'course.update', targetType: TARGET, targetId: idCourse, diff }, ctx.now);
      }
    }),
  );
  return getEditorCourse(ctx, idCourse);
}

/**
 * PUT entries: the lessons and songs in their order, in one transaction with the course locked
 * (the video editor's "place in course" locks it too, so the two never interleave).
 */
export async function setCourseEntries(
  ctx: EditorContext,
  idCourse: number,
  body: EditorCourseEntriesBody,
): Promise<EditorCourse> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findCourse(tx, idCourse, true))) throw courseNotFound();
    const wanted = [...body.course_videos, ...body.course_songs];
    const existing = await repo.findExistingVideoIds(tx, wanted);
    for (const key of ['course_videos', 'course_songs'] as const) {
      const missing = body[key].findIndex((id) => !existing.has(id));
      if (missing >= 0) {
        throw badRequest(
          `Video ${body[key][missing]} does not exist; it may have been deleted. Reload and try again.`,
          `${key}.${missing}`,
          'VIDEO_NOT_FOUND',
        );
      }
    }
    const before = await repo.findEntries(tx, idCourse);
    const parts = body.course_video_parts
      ? new Map(body.course_videos.map((idVideo, i) => [idVideo, body.course_video_parts?.[i] || null]))
      : undefined;
    await repo.replaceEntries(
      tx,
      idCourse,
      [
        ...body.course_videos.map((idVideo) => ({ idVideo, kind: 'video' })),
        ...body.course_songs.map((idVideo) => ({ idVideo, kind: 'song' })),
      ],
      parts,
    );
    const lessonsBefore = before.filter((e) => e.kind !== 'song').map((e) => e.idVideo);
    const songsBefore = before.filter((e) => e.kind === 'song').map((e) => e.idVideo);
    const diff: Record<string, unknown> = {};
    if (JSON.stringify(lessonsBefore) !== JSON.stringify(body.course_videos)) {
      diff.course_videos = { from: lessonsBefore, to: body.course_videos };
    }
    if (JSON.stringify(songsBefore) !== JSON.stringify(body.course_songs)) {
      diff.course_songs = { from: songsBefore, to: body.course_songs };
    }
    if (parts) {
      const partsBefore = before.filter((e) => e.kind !== 'song').map((e) => e.part);
      const partsAfter = body.course_videos.map((id) => parts.get(id) ?? null);
      if (JSON.stringify(partsBefore) !== JSON.stringify(partsAfter)) {
        diff.course_video_parts = { from: partsBefore, to: partsAfter };
      }
    }
    if (Object.keys(diff).length) {
      await repo.updateCourse(tx, idCourse, { courseUpdated: ctx.now });
      await recordAudit(tx, ctx.auth, { action: 'course.entries.set', targetType: TARGET, targetId: idCourse, diff }, ctx.now);
    }
  });
  return getEditorCourse(ctx, idCourse);
}

/** PUT testimonials: the whole ordered list replaces the old one. */
export async function setCourseTestimonials(
  ctx: EditorContext,
  idCourse: number,
  body: EditorCourseTestimonialsBody,
): Promise<EditorCourse> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findCourse(tx, idCourse, true))) throw courseNotFound();
    const before = await repo.findTestimonials(tx, idCourse);
    const next = body.course_testimonials.map((t) => ({
      name: t.course_testimonial_name,
      content: t.course_testimonial_content,
      image: t.course_testimonial_image,
    }));
    const same =
      JSON.stringify(
        before.map((t) => ({ name: t.testimonialName, content: t.testimonialContent, image: t.testimonialImage })),
      ) === JSON.stringify(next);
    if (same) return;
    await repo.replaceTestimonials(tx, idCourse, next);
    await repo.updateCourse(tx, idCourse, { courseUpdated: ctx.now });
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'course.testimonials.set',
        targetType: TARGET,
        targetId: idCourse,
        diff: { course_testimonials: { from: before.map((t) => t.testimonialName), to: next.map((t) => t.name) } },
      },
      ctx.now,
    );
  });
  return getEditorCourse(ctx, idCourse);
}

/** PUT order: the full list of course ids in their new order (a stale or partial list is refused). */
export async function setCourseOrder(ctx: EditorContext, ids: number[]): Promise<EditorCourseSummary[]> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockAllCourseIds(tx);
    const known = new Set(current.map((c) => c.idCourse));
    const sent = new Set(ids);
    if (sent.size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new AppError(
        'COURSE_LIST_CHANGED',
        409,
        'The list of courses has changed since you loaded it. Reload the page and try again.',
        'id_courses',
      );
    }
    const before = current.map((c) => c.idCourse);
    if (JSON.stringify(before) === JSON.stringify(ids)) return;
    await repo.setCourseOrder(tx, ids, ctx.now);
    await recordAudit(
      tx,
      ctx.auth,
      { action: 'course.order.set', targetType: TARGET, targetId: 'all', diff: { course_order: { from: before, to: ids } } },
      ctx.now,
    );
  });
  return listEditorCourses(ctx);
}

/** Publish or take back to a draft; unchanged state is not a change (no audit row). */
export async function setCoursePublished(ctx: EditorContext, idCourse: number, published: boolean): Promise<EditorCourse> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findCourse(tx, idCourse, true);
    if (!current) throw courseNotFound();
    if (current.coursePublished === published) return;
    await repo.updateCourse(tx, idCourse, { coursePublished: published, courseUpdated: ctx.now });
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: published ? 'course.publish' : 'course.unpublish',
        targetType: TARGET,
        targetId: idCourse,
        diff: { course_title: current.courseTitle, course_published: { from: current.coursePublished, to: published } },
      },
      ctx.now,
    );
  });
  return getEditorCourse(ctx, idCourse);
}

/**
 * DELETE: the course goes with its entries, testimonials, learners' progress and slug history;
 * the videos stay (a video recommending it recommends nothing).
 */
export async function deleteCourse(ctx: EditorContext, idCourse: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findCourse(tx, idCourse, true);
    if (!current) throw courseNotFound();
    await repo.deleteCourse(tx, idCourse);
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'course.delete',
        targetType: TARGET,
        targetId: idCourse,
        diff: { course_title: current.courseTitle, course_slug: current.courseSlug, course_published: current.coursePublished },
      },
      ctx.now,
    );
  });
}
