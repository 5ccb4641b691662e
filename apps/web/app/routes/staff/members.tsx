import { Form, Link } from 'react-router';
import { STAFF_PAGE_SIZE } from '@fretline/contract';
import { Badge, Button, Card, EmptyState, inputClasses } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { formatWhen, memberName } from '../../features/editor/console/format';
import { PageHeader } from '../../features/editor/console/page-header';
import { Pager } from '../../features/editor/console/pager';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/members';

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Staff');
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const offset = Math.max(0, Number.parseInt(url.searchParams.get('offset') ?? '0', 10) || 0);
  const result = await api.call('staff.listMembers', {
    limit: STAFF_PAGE_SIZE,
    offset,
    query: q ? { q } : {},
  });
  return { ...result, q, offset };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Members', description: 'Find a member.', path: '/staff/members', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

export default function StaffMembers({ loaderData }: Route.ComponentProps) {
  const { members, total, q, offset } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Members" description="Search by name or e-mail address." />
      <Form method="get" role="search" className="mb-6 flex gap-2">
        <label htmlFor="member-search" className="sr-only">
          Name or e-mail
        </label>
        <input
          id="member-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Name or e-mail"
          className={inputClasses}
          autoComplete="off"
        />
        <Button type="submit">Search</Button>
      </Form>
      {members.length === 0 ? (
        <EmptyState title={q ? `No member matches “${q}”` : 'No members yet'}>
          {q ? 'Try part of the e-mail address, or the first or last name alone.' : null}
        </EmptyState>
      ) : (
        <Card padded={false}>
          <ul className="divide-y divide-stone-200">
            {members.map((m) => (
              <li key={m.id_user}>
                <Link
                  to={`/staff/members/${m.id_user}`}
                  className="flex flex-col gap-1 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50 sm:flex-row sm:items-center sm:gap-4 sm:px-6"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-ink-900">{memberName(m)}</span>
                    <span className="block truncate text-sm text-stone-600">{m.email}</span>
                  </span>
                  <span className="flex flex-wrap gap-1">
                    {m.roles.map((r) => (
                      <Badge key={r} tone="brand">
                        {r}
                      </Badge>
                    ))}
                  </span>
                  <span className="text-sm whitespace-nowrap text-stone-500 sm:text-right">
                    Joined {formatWhen(m.user_created)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pager offset={offset} limit={STAFF_PAGE_SIZE} total={total} noun={total === 1 ? 'member' : 'members'} />
    </div>
  );
}
