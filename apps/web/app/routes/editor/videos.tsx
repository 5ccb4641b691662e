import { Form, Link, useNavigation } from 'react-router';
import { EDITOR_PAGE_SIZE, VIDEO_CATEGORIES } from '@fretline/contract';
import { Badge, Button, Card, EmptyState, LinkButton, inputClasses, selectClasses } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { formatWhen } from '../../features/editor/console/format';
import { Pager } from '../../features/editor/console/pager';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { PublishBadge } from '../../features/editor/form-kit/fields';
import { seoMeta } from '../../lib/seo';
import { EntryListPage, Thumbnail } from '../../features/editor/form-kit/entry-list';
import { videoKind } from '../../features/editor/video/video-kind';
import type { Route } from './+types/videos';

const STATUSES = [
  { value: '', label: 'All' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim().slice(0, 200) ?? '';
  const statusParam = url.searchParams.get('status') ?? '';
  const status = STATUSES.find((s) => s.value === statusParam)?.value ?? '';
  const categoryParam = url.searchParams.get('category') ?? '';
  const category = VIDEO_CATEGORIES.find((c) => c === categoryParam) ?? '';
  const offset = Math.max(0, Number.parseInt(url.searchParams.get('offset') ?? '0', 10) || 0);
  const result = await api.call('editor.listVideos', {
    limit: EDITOR_PAGE_SIZE,
    offset,
    query: { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(category ? { category } : {}) },
  });
  return { ...result, q, status, category, offset, deleted: url.searchParams.get('deleted') };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Videos', description: 'Edit the video catalogue.', path: '/staff/content/videos', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

export default function ContentVideos({ loaderData }: Route.ComponentProps) {
  const { videos, total, q, status, category, offset, deleted } = loaderData;
  const navigation = useNavigation();
  const filtered = Boolean(q || status || category);
  return (
    <EntryListPage kind={videoKind} description="Lessons, songs and live replays: drafts and published." deleted={deleted}>
      <Form method="get" role="search" className="mb-6 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto] sm:items-end">
        <div>
          <label htmlFor="video-search" className="block text-sm font-semibold text-ink-900">
            Search
          </label>
          <input
            id="video-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Title, slug or artist"
            className={`${inputClasses} mt-1`}
            autoComplete="off"
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <div>
            <label htmlFor="video-status" className="block text-sm font-semibold text-ink-900">
              Status
            </label>
            <select id="video-status" name="status" defaultValue={status} className={`${selectClasses} mt-1`}>
              {STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="video-category" className="block text-sm font-semibold text-ink-900">
              Category
            </label>
            <select id="video-category" name="category" defaultValue={category} className={`${selectClasses} mt-1`}>
              <option value="">All</option>
              {VIDEO_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </div>
        {/* As tall as the fields beside it (selectClasses: one line, py-2.5 and the border). */}
        <Button
          type="submit"
          className="min-h-[calc(1lh+1.25rem+2px)]"
          busy={navigation.state === 'loading' && navigation.location.pathname === '/staff/content/videos'}
        >
          Show
        </Button>
      </Form>

      {videos.length === 0 ? (
        <EmptyState
          title={filtered ? 'No video matches' : 'No videos yet'}
          action={
            filtered ? (
              <LinkButton to="/staff/content/videos" variant="secondary">
                Show all videos
              </LinkButton>
            ) : null
          }
        >
          {filtered ? 'Try fewer words, or another status or category.' : 'Start with “New video”.'}
        </EmptyState>
      ) : (
        <Card padded={false}>
          <ul className="divide-y divide-stone-200">
            {videos.map((v) => (
              <li key={v.id_video}>
                <Link
                  to={`/staff/content/videos/${v.id_video}`}
                  className="flex gap-3 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50 sm:items-center sm:gap-4 sm:px-6"
                >
                  <Thumbnail
                    src={v.video_image_signed}
                    className="aspect-video w-20 shrink-0 self-start rounded-lg bg-stone-100 sm:w-28 sm:self-center"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-ink-900 sm:truncate">{v.video_title}</span>
                    <span className="block truncate font-mono text-xs text-stone-500">/videos/{v.video_slug}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-1.5">
                      <PublishBadge published={v.video_published} />
                      <Badge>{v.video_category}</Badge>
                      {v.video_premium ? <Badge tone="brand">Members</Badge> : <Badge tone="success">Free</Badge>}
                      {v.video_difficulty ? <Badge>{v.video_difficulty}</Badge> : null}
                    </span>
                  </span>
                  <span className="hidden text-right text-sm whitespace-nowrap text-stone-500 md:block">
                    Changed {formatWhen(v.video_updated)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pager offset={offset} limit={EDITOR_PAGE_SIZE} total={total} noun={total === 1 ? 'video' : 'videos'} />
    </EntryListPage>
  );
}
