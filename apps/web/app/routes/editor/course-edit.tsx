import { CourseForm } from '../../features/editor/course/course-form';
import { courseEntity } from '../../features/editor/course/course-actions.server';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { EditEntryPage } from '../../features/editor/form-kit/editor-page-header';
import { editEntry, loadEntry } from '../../features/editor/form-kit/form-actions.server';
import { seoMeta } from '../../lib/seo';
import { courseKind } from '../../features/editor/course/course-kind';
import type { Route } from './+types/course-edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return loadEntry(api, courseEntity, params.idCourse, request.url);
}

/**
 * Every button saves the whole form first (nothing typed is lost): the fields, then the lessons
 * and songs, then the testimonials; then it publishes or unpublishes when asked. Delete is its own form.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return editEntry(api, courseEntity, params.idCourse, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? `Edit ${loaded.entry.course_title}` : 'Edit course',
    description: 'Edit a course.',
    path: `/staff/content/courses/${params.idCourse}`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

// A draft's autosave keeps the form as it is (ADR 0061).
export { skipRevalidationOnAutosave as shouldRevalidate } from '../../features/editor/form-kit/autosave';

export default function EditCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { entry: course, done, problem } = loaderData;
  return (
    <EditEntryPage
      kind={courseKind}
      entry={course}
      problem={actionData ? null : problem}
      deletion={{
        consequences: 'Its lesson and song order, testimonials and learners’ progress go with it; the videos themselves stay.',
      }}
    >
      {/* A save re-reads the course: the form starts again from what the server kept. */}
      <CourseForm key={String(course.course_updated)} saved={course} result={actionData} notice={problem ? null : done} />
    </EditEntryPage>
  );
}
