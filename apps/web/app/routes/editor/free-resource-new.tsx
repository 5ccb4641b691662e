import { requireStaffAccess } from '../../features/editor/console/access.server';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { NewEntryPage } from '../../features/editor/form-kit/editor-page-header';
import { createEntry } from '../../features/editor/form-kit/form-actions.server';
import { freeResourceEntity } from '../../features/editor/free-resource/free-resource-actions.server';
import { FreeResourceForm } from '../../features/editor/free-resource/free-resource-form';
import { seoMeta } from '../../lib/seo';
import { freeResourceKind } from '../../features/editor/free-resource/free-resource-kind';
import type { Route } from './+types/free-resource-new';

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffAccess(request, 'Editor');
  return null;
}

/** Creates the draft, then publishes it when asked (a failure there lands on the draft's page). */
export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return createEntry(api, freeResourceEntity, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'New free resource',
    description: 'Add a free download.',
    path: '/staff/content/free-resources/new',
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

export default function NewFreeResource({ actionData }: Route.ComponentProps) {
  return (
    <NewEntryPage
      kind={freeResourceKind}
      description="It is saved as a draft, last in the order: only editors see it until it is published."
    >
      <FreeResourceForm saved={null} result={actionData} />
    </NewEntryPage>
  );
}
