import { CourseForm } from '../../features/editor/course/course-form';
import { courseEntity } from '../../features/editor/course/course-actions.server';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { NewEntryPage } from '../../features/editor/form-kit/editor-page-header';
import { createEntry } from '../../features/editor/form-kit/form-actions.server';
import { seoMeta } from '../../lib/seo';
import { courseKind } from '../../features/editor/course/course-kind';
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
  return createEntry(api, courseEntity, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'New course', description: 'Add a course.', path: '/staff/content/courses/new', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

export default function NewCourse({ actionData }: Route.ComponentProps) {
  return (
    <NewEntryPage
      kind={courseKind}
      description="It is saved as a draft, last in the order: only editors see it until it is published."
    >
      <CourseForm saved={null} result={actionData} />
    </NewEntryPage>
  );
}
