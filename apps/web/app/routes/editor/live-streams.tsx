import { Link } from 'react-router';
import { EDITOR_STREAM_PAGE_SIZE, formatTimeRangeInZone, hasRoleGroup, type EditorLiveStream } from '@fretline/contract';
import { Badge, Card, EmptyState } from '../../components/ui';
import { PublishBadge } from '../../features/editor/form-kit/fields';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { Pager } from '../../features/editor/console/pager';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { seoMeta } from '../../lib/seo';
import { useTimeZone } from '../../lib/time-zone';
import { EntryListPage, NewEntryButton, Thumbnail } from '../../features/editor/form-kit/entry-list';
import { liveStreamKind } from '../../features/editor/live-stream/live-stream-kind';
import type { Route } from './+types/live-streams';

export async function loader({ request }: Route.LoaderArgs) {
  // The Staff group runs live lessons too (ADR 0063); only the Editor group makes new ones.
  const { api, user } = await requireStaffAccess(request, 'Console');
  const url = new URL(request.url);
  const offset = Math.max(0, Number.parseInt(url.searchParams.get('offset') ?? '0', 10) || 0);
  const result = await api.call('editor.listLiveStreams', {
    limit: EDITOR_STREAM_PAGE_SIZE,
    offset,
  });
  return {
    ...result,
    offset,
    deleted: url.searchParams.get('deleted')?.slice(0, 200) ?? null,
    now: Date.now(),
    canEdit: hasRoleGroup(user.roles, 'Editor'),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Live streams', description: 'Edit the live streams.', path: '/staff/content/live', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

function when(stream: EditorLiveStream, now: number) {
  const starts = new Date(stream.stream_starts).getTime();
  const ends = new Date(stream.stream_ends).getTime();
  if (now < starts) return <Badge tone="warning">Upcoming</Badge>;
  if (now < ends) return <Badge tone="danger">● Live now</Badge>;
  return <Badge>Past</Badge>;
}

export default function ContentLiveStreams({ loaderData }: Route.ComponentProps) {
  const { streams, total, offset, deleted, now, canEdit } = loaderData;
  const timeZone = useTimeZone();
  return (
    <EntryListPage
      kind={liveStreamKind}
      description="Newest start first. Times are UTC. Drafts are seen by editors only."
      deleted={deleted}
      canCreate={canEdit}
    >
      {streams.length === 0 ? (
        <EmptyState title="No live streams yet" action={canEdit ? <NewEntryButton kind={liveStreamKind} /> : null}>
          Schedule a stream, then link its replay once it is over.
        </EmptyState>
      ) : (
        <Card padded={false}>
          <ul className="divide-y divide-stone-200">
            {streams.map((s) => (
              <li key={s.id_live_stream}>
                <Link
                  to={`/staff/content/live/${s.id_live_stream}`}
                  className="flex gap-3 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50 sm:items-center sm:gap-4 sm:px-6"
                >
                  <Thumbnail
                    src={s.stream_poster_signed}
                    className="aspect-video w-20 shrink-0 self-start rounded-lg bg-stone-100 sm:w-28 sm:self-center"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-ink-900 sm:truncate">{s.stream_title}</span>
                    <span className="block text-sm text-stone-600">
                      {formatTimeRangeInZone(s.stream_starts, s.stream_ends, timeZone)}
                    </span>
                    <span className="mt-1 flex flex-wrap items-center gap-1.5">
                      <PublishBadge published={s.stream_published} />
                      {when(s, now)}
                      {s.stream_premium ? <Badge tone="brand">Members</Badge> : <Badge tone="success">Free</Badge>}
                      {s.stream_replay ? <Badge>Replay linked</Badge> : null}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pager offset={offset} limit={EDITOR_STREAM_PAGE_SIZE} total={total} noun={total === 1 ? 'live stream' : 'live streams'} />
    </EntryListPage>
  );
}
