import { hasRoleGroup } from '@fretline/contract';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { EditEntryPage } from '../../features/editor/form-kit/editor-page-header';
import { editEntry, loadEntry } from '../../features/editor/form-kit/form-actions.server';
import { liveStreamEntity, loadReplayOptions } from '../../features/editor/live-stream/live-stream-actions.server';
import { LiveStreamForm } from '../../features/editor/live-stream/live-stream-form';
import { LiveIngestPanel } from '../../features/editor/live-stream/live-ingest-panel';
import { seoMeta } from '../../lib/seo';
import { liveStreamKind } from '../../features/editor/live-stream/live-stream-kind';
import type { Route } from './+types/live-edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  // The Staff group runs live lessons too (ADR 0063: the key is for Staff and above); editing the
  // stream stays with the Editor group, so a Staff member without it gets the Go live panel alone.
  const { api, user } = await requireStaffAccess(request, 'Console');
  const canEdit = hasRoleGroup(user.roles, 'Editor');
  const loaded = await loadEntry(api, liveStreamEntity, params.idLiveStream, request.url);
  return { ...loaded, canEdit, replays: canEdit ? await loadReplayOptions(api, loaded.entry) : [] };
}

/** Saves the whole form, then publishes or unpublishes when asked. Delete is its own form. */
export async function action({ request, params }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return editEntry(api, liveStreamEntity, params.idLiveStream, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? `Edit ${loaded.entry.stream_title}` : 'Edit live stream',
    description: 'Edit a live stream.',
    path: `/staff/content/live/${params.idLiveStream}`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

// A draft's autosave keeps the form as it is (ADR 0061).
export { skipRevalidationOnAutosave as shouldRevalidate } from '../../features/editor/form-kit/autosave';

export default function EditLiveStream({ loaderData, actionData }: Route.ComponentProps) {
  const { entry: stream, replays, done, problem, canEdit } = loaderData;
  if (!canEdit)
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader
          title={stream.stream_title}
          description="Go live from here. The stream’s details are edited by the Editor group."
        />
        <LiveIngestPanel stream={stream} standalone />
      </div>
    );
  return (
    <EditEntryPage
      kind={liveStreamKind}
      entry={stream}
      problem={actionData ? null : problem}
      deletion={{ consequences: 'Its earlier addresses stop redirecting; the replay video stays.' }}
    >
      <LiveStreamForm
        key={String(stream.stream_updated)}
        saved={stream}
        replays={replays}
        result={actionData}
        notice={problem ? null : done}
      />
      <LiveIngestPanel stream={stream} />
    </EditEntryPage>
  );
}
