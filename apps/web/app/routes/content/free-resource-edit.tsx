import { data, Link, redirect } from 'react-router';
import type { EditorFreeResource } from '@fretline/contract';
import { DeletePanel } from '../../components/staff/delete-panel';
import { failure, formText, idFromParam, splitForm } from '../../features/catalogue-editor/editor-actions.server';
import { PublishBadge, type EditorFormResult } from '../../components/staff/editor-fields';
import { ResourceForm } from '../../features/catalogue-editor/resource-form';
import { requireStaffAccess } from '../../features/staff/access.server';
import { formatWhen } from '../../features/staff/format';
import { PageHeader } from '../../features/staff/page-header';
import { StaffErrorBoundary } from '../../features/staff/staff-error';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/free-resource-edit';

const DONE: Record<string, string> = {
  created: 'Draft created. Only editors can see it until it is published.',
  published: 'Created and published.',
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const id = idFromParam(params.idFreeResource);
  if (!id) throw data(null, { status: 404 });
  try {
    const { resource } = await api.get<{ resource: EditorFreeResource }>(`/videos/editor/free-resources/${id}`);
    const url = new URL(request.url);
    return {
      resource,
      done: DONE[url.searchParams.get('done') ?? ''] ?? null,
      problem: url.searchParams.get('problem')?.slice(0, 300) ?? null,
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
  const base = `/videos/editor/free-resources/${id}`;
  if (form.get('intent') === 'delete') {
    try {
      await api.delete(base);
    } catch (err) {
      return failure(err, 'free resource', 'The free resource was not deleted');
    }
    return redirect(`/staff/content/free-resources?deleted=${encodeURIComponent(formText(form, 'title'))}`);
  }
  const { intent, main } = splitForm(form, [] as const);
  try {
    await api.put(base, main);
  } catch (err) {
    return failure(err, 'free resource');
  }
  try {
    if (intent === 'publish') await api.put(`${base}/published`, { resource_published: 'true' });
    if (intent === 'unpublish') await api.put(`${base}/published`, { resource_published: 'false' });
  } catch (err) {
    return failure(err, 'free resource', 'Saved, but the status did not change');
  }
  const message =
    intent === 'publish'
      ? 'Saved and published.'
      : intent === 'unpublish'
        ? 'Saved and unpublished: it is a draft again.'
        : 'Saved.';
  return { ok: true, message } satisfies EditorFormResult;
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
      <div>
        <p className="mb-2 text-sm">
          <Link to="/staff/content/free-resources" className="font-medium text-brand-700 hover:underline">
            ← Free resources
          </Link>
        </p>
        <PageHeader
          title={resource.resource_title}
          description={
            <span className="flex flex-wrap items-center gap-2">
              <PublishBadge published={resource.resource_published} />
              {resource.resource_updated ? <span>Changed {formatWhen(resource.resource_updated)}</span> : null}
            </span>
          }
        />
        {problem && !actionData ? (
          <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            The draft was created, but: {problem}
          </p>
        ) : null}
      </div>
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
