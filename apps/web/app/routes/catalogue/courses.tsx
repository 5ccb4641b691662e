import { Link } from 'react-router';
import { isCourseStarted } from '@fretline/contract';
import { Container, CourseProgressLine, ResponsiveImage } from '../../components/ui';
import { loadProgress } from '../../features/learning/load-progress.server';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/courses';

export async function loader({ request }: Route.LoaderArgs) {
  const [{ courses }, progress] = await Promise.all([getServerApi(request).call('videos.listCourses'), loadProgress(request)]);
  return { courses, progress };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Guitar courses',
    description: 'Structured guitar and ukulele courses from your first chord to soloing over changes, with your progress saved.',
    path: '/courses',
    matches,
  });

export default function Courses({ loaderData }: Route.ComponentProps) {
  const mine = new Map((loaderData.progress?.courses ?? []).map((c) => [c.id_course, c]));
  return (
    <Container className="py-8 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">Courses</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          Step-by-step paths, in the order we recommend. Each remembers where you stopped and how far through you are.
        </p>
      </header>
      <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.courses.map((course, i) => (
          <li key={course.id_course}>
            <Link
              to={`/courses/${course.course_slug}`}
              className="group flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <div className="aspect-video bg-stone-100">
                {course.course_image ? (
                  <ResponsiveImage
                    src={course.course_image}
                    alt={course.course_image_text ?? ''}
                    sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                    className="size-full object-cover"
                    // The first course's picture is a phone's largest paint (ADR 0056).
                    priority={i === 0}
                  />
                ) : null}
              </div>
              <div className="flex flex-1 flex-col gap-2 p-5">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
                  {course.course_archetype === 'technique' ? 'Technique' : `Course ${i + 1}`}
                </p>
                <h2 className="text-xl font-bold text-ink-900 group-hover:text-brand-700">{course.course_title}</h2>
                <p className="text-stone-600">{course.course_excerpt}</p>
                {(() => {
                  // The promise above kept (docs/product.md#learning-progress): how far through a started course is.
                  const p = mine.get(course.id_course);
                  if (!p || !isCourseStarted(p)) return null;
                  return (
                    <CourseProgressLine
                      className="mt-auto pt-3"
                      percent={p.course_percent_complete}
                      done={p.course_lessons_done}
                      total={p.course_lessons_total}
                    />
                  );
                })()}
              </div>
            </Link>
          </li>
        ))}
      </ol>
    </Container>
  );
}
