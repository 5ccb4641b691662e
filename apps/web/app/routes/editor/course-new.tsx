import { Link, redirect } from 'react-router';
import type { EditorCourse } from '@fretline/contract';
import { saveCourseLists, splitCourseForm } from '../../features/editor/course/course-actions.server';
import { CourseForm } from '../../features/editor/course/course-form';
import { failure } from '../../features/editor/form-kit/form-actions.server';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/course-new';

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffAccess(request, 'Editor');
  return null;
}

/**
 * Creates the draft, then saves its lessons, songs and testimonials and publishes it when asked.
 * Once the draft exists, a later step that fails sends the editor to its page with the reason.
 */
export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const { intent, course, entries, testimonials } = splitCourseForm(await request.formData());
  let created: EditorCourse;
  try {
    created = (await api.post<{ course: EditorCourse }>('/videos/editor/courses', course)).course;
  } catch (err) {
    return failure(err, 'course');
  }
  const page = `/staff/content/courses/${created.id_course}`;
  try {
    await saveCourseLists(api, created.id_course, { entries, testimonials });
    if (intent === 'publish') {
      await api.put(`/videos/editor/courses/${created.id_course}/published`, { course_published: 'true' });
      return redirect(`${page}?done=published`);
    }
    return redirect(`${page}?done=created`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) throw err;
    return redirect(`${page}?done=created&problem=${encodeURIComponent(err.message)}`);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'New course', description: 'Add a course.', path: '/staff/content/courses/new', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

export default function NewCourse({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl">
      <p className="mb-2 text-sm">
        <Link to="/staff/content/courses" className="font-medium text-brand-700 hover:underline">
          ← Courses
        </Link>
      </p>
      <PageHeader
        title="New course"
        description="It is saved as a draft, last in the order: only editors see it until it is published."
      />
      <CourseForm course={null} result={actionData} />
    </div>
  );
}
