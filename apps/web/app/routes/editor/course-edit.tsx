import { data } from 'react-router';
import type { EditorCourse } from '@fretline/contract';
import { saveCourseLists, splitCourseForm } from '../../features/editor/course/course-actions.server';
import { CourseForm } from '../../features/editor/course/course-form';
import { DeletePanel } from '../../features/editor/form-kit/delete-panel';
import { deleteEntry, idFromParam, saveEntry } from '../../features/editor/form-kit/form-actions.server';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { EditorPageHeader, readCreateOutcome } from '../../features/editor/form-kit/editor-page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/course-edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const idCourse = idFromParam(params.idCourse);
  if (!idCourse) throw data(null, { status: 404 });
  try {
    const { course } = await api.get<{ course: EditorCourse }>(`/videos/editor/courses/${idCourse}`);
    return {
      course,
      ...readCreateOutcome(request.url),
    };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

/**
 * Every button saves the whole form first (nothing typed is lost): the fields, then the lessons
 * and songs, then the testimonials; then it publishes or unpublishes when asked. Delete is its own form.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const idCourse = idFromParam(params.idCourse);
  if (!idCourse) throw data(null, { status: 404 });
  const form = await request.formData();
  const spec = {
    base: `/videos/editor/courses/${idCourse}`,
    noun: 'course',
    listPage: '/staff/content/courses',
    publishedKey: 'course_published',
  };
  if (form.get('intent') === 'delete') return deleteEntry(api, form, spec);
  const { intent, course, entries, testimonials } = splitCourseForm(form);
  return saveEntry(api, spec, intent, course, {
    save: () => saveCourseLists(api, idCourse, { entries, testimonials }),
    failed: 'The course’s fields were saved, but not all of its lists',
  });
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? `Edit ${loaded.course.course_title}` : 'Edit course',
    description: 'Edit a course.',
    path: `/staff/content/courses/${params.idCourse}`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

export default function EditCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { course, done, problem } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <EditorPageHeader
        back={{ to: '/staff/content/courses', label: 'Courses' }}
        title={course.course_title}
        published={course.course_published}
        updated={course.course_updated}
        publicHref={`/courses/${course.course_slug}`}
        draftPreview={true}
        problem={actionData ? null : problem}
      />
      {/* A save re-reads the course: the form starts again from what the server kept. */}
      <CourseForm key={String(course.course_updated)} course={course} result={actionData} notice={problem ? null : done} />
      <DeletePanel
        noun="course"
        title={course.course_title}
        published={course.course_published}
        consequences="Its lesson and song order, testimonials and learners’ progress go with it; the videos themselves stay."
      />
    </div>
  );
}
