import { requireStaffAccess } from '../../features/editor/console/access.server';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { EditEntryPage } from '../../features/editor/form-kit/editor-page-header';
import { editEntry, loadEntry } from '../../features/editor/form-kit/form-actions.server';
import { freeResourceEntity } from '../../features/editor/free-resource/free-resource-actions.server';
import { FreeResourceForm } from '../../features/editor/free-resource/free-resource-form';
import { seoMeta } from '../../lib/seo';
import { freeResourceKind } from '../../features/editor/free-resource/free-resource-kind';
import type { Route } from './+types/free-resource-edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return loadEntry(api, freeResourceEntity, params.idFreeResource, request.url);
}

/** Saves the whole form, then publishes or unpublishes when asked. Delete is its own form. */
export async function action({ request, params }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return editEntry(api, freeResourceEntity, params.idFreeResource, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? `Edit ${loaded.entry.resource_title}` : 'Edit free resource',
    description: 'Edit a free download.',
    path: `/staff/content/free-resources/${params.idFreeResource}`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

// A draft's autosave keeps the form as it is (ADR 0061).
export { skipRevalidationOnAutosave as shouldRevalidate } from '../../features/editor/form-kit/autosave';

export default function EditFreeResource({ loaderData, actionData }: Route.ComponentProps) {
  const { entry: resource, done, problem } = loaderData;
  return (
    <EditEntryPage
      kind={freeResourceKind}
      entry={resource}
      problem={actionData ? null : problem}
      deletion={{
        consequences: 'The file itself stays in the media store.',
        publishedNote: 'It is published: it disappears from /free-resources.',
      }}
    >
      <FreeResourceForm
        key={String(resource.resource_updated)}
        saved={resource}
        result={actionData}
        notice={problem ? null : done}
      />
    </EditEntryPage>
  );
}
