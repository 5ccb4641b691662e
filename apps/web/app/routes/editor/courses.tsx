import { Link } from 'react-router';
import { Badge, Card, EmptyState } from '../../components/ui';
import { PublishBadge } from '../../features/editor/form-kit/fields';
import { MoveButtons } from '../../features/editor/form-kit/move-buttons';
import { moveInOrder } from '../../features/editor/form-kit/form-actions.server';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { formatWhen } from '../../features/editor/console/format';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { seoMeta } from '../../lib/seo';
import { EntryListPage, NewEntryButton, Thumbnail } from '../../features/editor/form-kit/entry-list';
import { courseKind } from '../../features/editor/course/course-kind';
import type { Route } from './+types/courses';

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const { courses } = await api.call('editor.listCourses');
  return { courses, deleted: new URL(request.url).searchParams.get('deleted')?.slice(0, 200) ?? null };
}

/** Move one course up or down: the whole new order goes to the API, which refuses a stale list. */
export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return moveInOrder(api, await request.formData(), {
    listCall: 'editor.listCourses',
    listKey: 'courses',
    idKey: 'id_course',
    orderCall: 'editor.setCourseOrder',
    orderKey: 'id_courses',
    noun: 'course',
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Courses',
    description: 'Edit and order the courses.',
    path: '/staff/content/courses',
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

export default function ContentCourses({ loaderData }: Route.ComponentProps) {
  const { courses, deleted } = loaderData;
  return (
    <EntryListPage
      kind={courseKind}
      description="In the order /courses shows them. Drafts are seen by editors only."
      deleted={deleted}
    >
      {courses.length === 0 ? (
        <EmptyState title="No courses yet" action={<NewEntryButton kind={courseKind} />}>
          A course strings lessons and songs together in order.
        </EmptyState>
      ) : (
        <Card padded={false}>
          <ol className="divide-y divide-stone-200" aria-label="Courses in order">
            {courses.map((c, i) => (
              <li key={c.id_course} className="flex items-center gap-2 px-3 py-3 sm:gap-4 sm:px-6">
                <Link
                  to={`/staff/content/courses/${c.id_course}`}
                  className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600 sm:gap-4"
                >
                  <span className="w-5 shrink-0 text-center text-sm font-semibold text-stone-500 sm:w-6">{i + 1}</span>
                  <Thumbnail
                    src={c.course_image_signed}
                    className="hidden aspect-video w-28 shrink-0 rounded-lg bg-stone-100 sm:block"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-ink-900 group-hover:text-brand-700">
                      {c.course_title}
                    </span>
                    <span className="block truncate font-mono text-xs text-stone-500">/courses/{c.course_slug}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-1.5">
                      <PublishBadge published={c.course_published} />
                      {c.course_archetype === 'technique' ? <Badge tone="brand">Technique</Badge> : null}
                      <span className="text-xs text-stone-600">
                        {c.course_video_count} {c.course_video_count === 1 ? 'lesson' : 'lessons'} · {c.course_song_count}{' '}
                        {c.course_song_count === 1 ? 'song' : 'songs'}
                      </span>
                    </span>
                  </span>
                  <span className="hidden text-right text-sm whitespace-nowrap text-stone-500 lg:block">
                    Changed {formatWhen(c.course_updated)}
                  </span>
                </Link>
                <div className="shrink-0">
                  <MoveButtons id={c.id_course} title={c.course_title} index={i} count={courses.length} />
                </div>
              </li>
            ))}
          </ol>
        </Card>
      )}
    </EntryListPage>
  );
}
