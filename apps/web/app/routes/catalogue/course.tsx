import { lazy, Suspense } from 'react';
import { data, Link, redirect } from 'react-router';
import type { CallData } from '@fretline/contract/api-schemas';
import { sharePicturePath } from '@fretline/contract';
import { Container, LinkButton, ResponsiveImage } from '../../components/ui';
import { CourseOutline } from '../../features/catalogue/course-outline';
import { ProgressBar } from '../../features/catalogue/progress-bar';
import { lessonHref } from '../../features/learning/progress-lookup';
import { ApiError } from '../../lib/api-client';
import { getServerApi } from '../../lib/api.server';
import { useRootData } from '../../lib/root-data';
import { JsonLd } from '../../lib/json-ld';
import { courseJson } from '../../lib/structured-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/course';

const StreamPlayer = lazy(() => import('../../features/catalogue/stream-player').then((m) => ({ default: m.StreamPlayer })));

export async function loader({ request, params }: Route.LoaderArgs) {
  let loaded: CallData<'videos.getCourse'>;
  try {
    loaded = await getServerApi(request).call('videos.getCourse', { params: { courseSlug: params.courseSlug } });
  } catch (err) {
    // An unknown course shows the 'Page Not Found' page (product.md#states).
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
  // A renamed course answers its old slug too (ADR 0037): send the visitor to its address for good.
  if (loaded.course.course_slug !== params.courseSlug) {
    const { search } = new URL(request.url);
    throw redirect(`/courses/${encodeURIComponent(loaded.course.course_slug)}${search}`, 301);
  }
  return loaded;
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  loaded
    ? seoMeta({
        title: loaded.course.course_title ?? 'Course',
        description: loaded.course.course_excerpt ?? 'A Fretline guitar course.',
        path: `/courses/${loaded.course.course_slug}`,
        image:
          loaded.course.course_published && loaded.course.course_image
            ? sharePicturePath('courses', loaded.course.course_slug)
            : undefined,
        matches,
        // A draft is only ever seen by editors previewing it (ADR 0037).
        noIndex: !loaded.course.course_published,
      })
    : [];

/** On a phone the hero's buttons are full width, so a long lesson title wraps with room to breathe. */
const heroButton = 'w-full py-2.5 text-center sm:w-auto';

const POSITIONS: Record<string, string> = { top: 'object-top', bottom: 'object-bottom', center: 'object-center' };

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, course_watched_videos } = loaderData;
  const { user, siteUrl } = useRootData();
  const watched = new Set(course_watched_videos);
  const active = course.course_video_active;
  const first = course.course_videos[0] ?? course.course_songs[0];
  const slug = course.course_slug;
  const total = course.course_videos.length + course.course_songs.length;
  const doneCount = [...course.course_videos, ...course.course_songs].filter((e) => watched.has(e.id_video)).length;
  const allDone = total > 0 && doneCount === total;

  return (
    <div>
      {course.course_published ? <JsonLd json={courseJson(course, siteUrl)} /> : null}
      {course.course_published ? null : (
        <Container className="py-3">
          <p
            role="status"
            className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          >
            <strong className="font-bold">Draft — not published.</strong> Only editors can see this page until it is published.
          </p>
        </Container>
      )}
      <div className="relative isolate overflow-hidden bg-ink-900">
        {course.course_jumbo_image ? (
          <ResponsiveImage
            data-testid="banner-poster"
            src={course.course_jumbo_image}
            alt=""
            // Blurred into a mood, so half the screen's width of pixels is plenty; the top of the page.
            sizes="50vw"
            priority
            className={`absolute inset-0 -z-20 size-full scale-110 object-cover opacity-40 blur-md ${POSITIONS[course.course_jumbo_image_position ?? 'center'] ?? 'object-center'}`}
          />
        ) : null}
        {/* The jumbo image has its own large lettering, which must not show through the title, the
            buttons or the progress card: blurred (scaled so the blur has no pale edge) under a scrim,
            it stays a mood and never competes with the text. */}
        <div
          aria-hidden="true"
          data-testid="banner-scrim"
          className="absolute inset-0 -z-10 bg-gradient-to-r from-ink-900/90 via-ink-900/85 to-ink-900/70"
        />
        <Container className="py-12 text-white sm:py-20">
          <Link to="/courses" className="inline-flex min-h-10 items-center text-sm text-stone-200 hover:text-white">
            ← All courses
          </Link>
          <h1 className="mt-3 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">{course.course_title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-stone-100">{course.course_excerpt}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            {active ? (
              // The lesson the resume rules pick, at the second they give (docs/product.md#learning-progress).
              <LinkButton
                to={lessonHref(slug, active.video_slug, active.video_play_start_time)}
                size="lg"
                className={heroButton}
                data-testid="resume-course"
              >
                Resume: {active.video_title}
              </LinkButton>
            ) : allDone ? (
              <p className="inline-flex min-h-12 items-center rounded-full bg-emerald-600 px-6 text-lg font-semibold text-white">
                Course complete
              </p>
            ) : first ? (
              <LinkButton to={`/videos/${first.video_slug}?course=${encodeURIComponent(slug)}`} size="lg" className={heroButton}>
                Start the course
              </LinkButton>
            ) : null}
            {course.course_stream_manifest_signed ? (
              <LinkButton to="#trailer" variant="secondary" size="lg" className={heroButton}>
                Watch the trailer
              </LinkButton>
            ) : null}
          </div>
          {user.id_user !== null ? (
            <div className="mt-6 max-w-md rounded-xl bg-white/95 p-4 text-ink-900">
              <ProgressBar percent={course.course_percent_complete} />
              <p className="mt-2 text-sm text-stone-600" data-testid="lessons-done">
                {doneCount} of {total} lessons done
              </p>
            </div>
          ) : null}
        </Container>
      </div>

      <Container className="grid gap-10 py-10 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 space-y-10">
          {course.course_description ? (
            <section aria-labelledby="about-heading">
              <h2 id="about-heading" className="mb-3 text-xl font-bold text-ink-900">
                About this course
              </h2>
              <div className="prose-fret" dangerouslySetInnerHTML={{ __html: course.course_description }} />
            </section>
          ) : null}
          <CourseOutline
            title="Lessons"
            entries={course.course_videos}
            watched={watched}
            courseSlug={slug}
            activeId={active?.id_course_video}
          />
          <CourseOutline
            title="Songs"
            entries={course.course_songs}
            watched={watched}
            courseSlug={slug}
            activeId={active?.id_course_video}
          />
        </div>
        <aside className="space-y-6">
          {course.course_stream_manifest_signed ? (
            <section id="trailer" aria-labelledby="trailer-heading">
              <h2 id="trailer-heading" className="mb-3 text-lg font-bold text-ink-900">
                Trailer
              </h2>
              <Suspense fallback={<div className="aspect-video rounded-2xl bg-ink-900" />}>
                <StreamPlayer
                  src={course.course_stream_manifest_signed}
                  poster={course.course_stream_poster_signed}
                  title={`${course.course_title ?? 'Course'} trailer`}
                />
              </Suspense>
            </section>
          ) : null}
          {course.course_testimonials.length ? (
            <section aria-labelledby="testimonials-heading">
              <h2 id="testimonials-heading" className="mb-3 text-lg font-bold text-ink-900">
                What learners say
              </h2>
              <ul className="space-y-3">
                {course.course_testimonials.map((t) => (
                  <li key={t.id_course_testimonial} className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4">
                    {t.course_testimonial_image ? (
                      <ResponsiveImage
                        src={t.course_testimonial_image}
                        alt=""
                        sizes="40px"
                        className="size-10 shrink-0 rounded-full"
                      />
                    ) : null}
                    <figure>
                      <blockquote className="text-stone-700">“{t.course_testimonial_content}”</blockquote>
                      <figcaption className="mt-1 text-sm font-semibold text-ink-900">{t.course_testimonial_name}</figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </Container>
    </div>
  );
}
