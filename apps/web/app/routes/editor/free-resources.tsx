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
import { freeResourceKind } from '../../features/editor/free-resource/free-resource-kind';
import type { Route } from './+types/free-resources';

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const { resources } = await api.call('editor.listFreeResources');
  return { resources, deleted: new URL(request.url).searchParams.get('deleted')?.slice(0, 200) ?? null };
}

/** Move one resource up or down: the whole new order goes to the API, which refuses a stale list. */
export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return moveInOrder(api, await request.formData(), {
    listCall: 'editor.listFreeResources',
    listKey: 'resources',
    idKey: 'id_free_resource',
    orderCall: 'editor.setFreeResourceOrder',
    orderKey: 'id_free_resources',
    noun: 'resource',
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Free resources',
    description: 'Edit and order the free downloads.',
    path: '/staff/content/free-resources',
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

export default function ContentFreeResources({ loaderData }: Route.ComponentProps) {
  const { resources, deleted } = loaderData;
  return (
    <EntryListPage
      kind={freeResourceKind}
      description="The downloads of /free-resources, in the order shown there. Drafts are seen by editors only."
      deleted={deleted}
    >
      {resources.length === 0 ? (
        <EmptyState title="No free resources yet" action={<NewEntryButton kind={freeResourceKind} />}>
          Chord charts, practice planners and other downloads anyone can take.
        </EmptyState>
      ) : (
        <Card padded={false}>
          <ol className="divide-y divide-stone-200" aria-label="Free resources in order">
            {resources.map((r, i) => (
              <li key={r.id_free_resource} className="flex items-center gap-2 px-3 py-3 sm:gap-4 sm:px-6">
                <Link
                  to={`/staff/content/free-resources/${r.id_free_resource}`}
                  className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600 sm:gap-4"
                >
                  <span className="w-5 shrink-0 text-center text-sm font-semibold text-stone-500 sm:w-6">{i + 1}</span>
                  <Thumbnail
                    src={r.resource_image_signed}
                    className="size-14 shrink-0 rounded-lg bg-stone-100"
                    placeholderClassName="flex items-center justify-center text-xs font-semibold text-stone-500 uppercase"
                  >
                    {r.resource_extension}
                  </Thumbnail>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-ink-900 group-hover:text-brand-700">
                      {r.resource_title}
                    </span>
                    <span className="block truncate font-mono text-xs text-stone-500">{r.resource_path}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-1.5">
                      <PublishBadge published={r.resource_published} />
                      <Badge>{r.resource_extension.toUpperCase()}</Badge>
                    </span>
                  </span>
                  <span className="hidden text-right text-sm whitespace-nowrap text-stone-500 lg:block">
                    {r.resource_updated ? `Changed ${formatWhen(r.resource_updated)}` : null}
                  </span>
                </Link>
                <div className="shrink-0">
                  <MoveButtons id={r.id_free_resource} title={r.resource_title} index={i} count={resources.length} />
                </div>
              </li>
            ))}
          </ol>
        </Card>
      )}
    </EntryListPage>
  );
}
