import { Link, redirect } from 'react-router';
import type { EditorFreeResource } from '@fretline/contract';
import { failure, splitForm } from '../../features/editor/form-kit/form-actions.server';
import { ResourceForm } from '../../features/editor/free-resource/free-resource-form';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/free-resource-new';

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffAccess(request, 'Editor');
  return null;
}

/** Creates the draft, then publishes it when asked (a failure there lands on the draft's page). */
export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const { intent, main } = splitForm(await request.formData(), [] as const);
  let created: EditorFreeResource;
  try {
    created = (await api.post<{ resource: EditorFreeResource }>('/videos/editor/free-resources', main)).resource;
  } catch (err) {
    return failure(err, 'free resource');
  }
  const page = `/staff/content/free-resources/${created.id_free_resource}`;
  if (intent !== 'publish') return redirect(`${page}?done=created`);
  try {
    await api.put(`/videos/editor/free-resources/${created.id_free_resource}/published`, { resource_published: 'true' });
    return redirect(`${page}?done=published`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) throw err;
    return redirect(`${page}?done=created&problem=${encodeURIComponent(err.message)}`);
  }
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
    <div className="mx-auto max-w-6xl">
      <p className="mb-2 text-sm">
        <Link to="/staff/content/free-resources" className="font-medium text-brand-700 hover:underline">
          ← Free resources
        </Link>
      </p>
      <PageHeader
        title="New free resource"
        description="It is saved as a draft, last in the order: only editors see it until it is published."
      />
      <ResourceForm resource={null} result={actionData} />
    </div>
  );
}
