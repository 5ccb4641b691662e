import { data } from 'react-router';
import type { EditorFreeResource } from '@fretline/contract';
import { DeletePanel } from '../../features/editor/form-kit/delete-panel';
import { deleteEntry, idFromParam, saveEntry, splitForm } from '../../features/editor/form-kit/form-actions.server';
import { ResourceForm } from '../../features/editor/free-resource/free-resource-form';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { EditorPageHeader, readCreateOutcome } from '../../features/editor/form-kit/editor-page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/free-resource-edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const id = idFromParam(params.idFreeResource);
  if (!id) throw data(null, { status: 404 });
  try {
    const { resource } = await api.get<{ resource: EditorFreeResource }>(`/videos/editor/free-resources/${id}`);
    return {
      resource,
      ...readCreateOutcome(request.url),
    };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

/** Saves the whole form, then publishes or unpublishes when asked. Delete is its own form. */
export async function action({ request, params }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const id = idFromParam(params.idFreeResource);
  if (!id) throw data(null, { status: 404 });
  const form = await request.formData();
  const spec = {
    base: `/videos/editor/free-resources/${id}`,
    noun: 'free resource',
    listPage: '/staff/content/free-resources',
    publishedKey: 'resource_published',
  };
  if (form.get('intent') === 'delete') return deleteEntry(api, form, spec);
  const { intent, main } = splitForm(form, [] as const);
  return saveEntry(api, spec, intent, main);
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? `Edit ${loaded.resource.resource_title}` : 'Edit free resource',
    description: 'Edit a free download.',
    path: `/staff/content/free-resources/${params.idFreeResource}`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

export default function EditFreeResource({ loaderData, actionData }: Route.ComponentProps) {
  const { resource, done, problem } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <EditorPageHeader
        back={{ to: '/staff/content/free-resources', label: 'Free resources' }}
        title={resource.resource_title}
        published={resource.resource_published}
        updated={resource.resource_updated}
        publicHref={null}
        draftPreview={false}
        problem={actionData ? null : problem}
      />
      <ResourceForm
        key={String(resource.resource_updated)}
        resource={resource}
        result={actionData}
        notice={problem ? null : done}
      />
      <DeletePanel
        noun="free resource"
        title={resource.resource_title}
        published={resource.resource_published}
        consequences="The file itself stays in the media store."
        publishedNote="It is published: it disappears from /free-resources."
      />
    </div>
  );
}
