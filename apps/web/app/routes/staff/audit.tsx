import { Link } from 'react-router';
import { STAFF_PAGE_SIZE } from '@fretline/contract';
import { Badge, Card, EmptyState } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { describeAction, describeDiff, formatWhen } from '../../features/editor/console/format';
import { PageHeader } from '../../features/editor/console/page-header';
import { Pager } from '../../features/editor/console/pager';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/audit';

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Staff');
  const offset = Math.max(0, Number.parseInt(new URL(request.url).searchParams.get('offset') ?? '0', 10) || 0);
  const result = await api.call('staff.listAudit', { limit: STAFF_PAGE_SIZE, offset });
  return { ...result, offset };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Audit log', description: 'Changes made by staff.', path: '/staff/audit', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  const { audit, total, offset } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Audit log" description="Every change made through the staff console, newest first." />
      {audit.length === 0 ? (
        <EmptyState title="Nothing changed yet">Role changes and ended sessions will show here.</EmptyState>
      ) : (
        <Card padded={false}>
          <ol className="divide-y divide-stone-200">
            {audit.map((a) => (
              <li key={a.id_audit} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4 sm:px-6">
                <p className="text-sm text-stone-500">
                  <time dateTime={new Date(a.audit_created).toISOString()}>{formatWhen(a.audit_created)}</time>
                </p>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                    <Badge tone="brand">{describeAction(a.audit_action)}</Badge>
                    {a.target_type === 'user' ? (
                      <Link to={`/staff/members/${a.target_id}`} className="text-brand-700 hover:underline">
                        Member #{a.target_id}
                      </Link>
                    ) : (
                      <span>
                        {a.target_type} #{a.target_id}
                      </span>
                    )}
                  </p>
                  <p className="mt-1 text-sm break-words text-stone-700">{describeDiff(a.audit_diff).join(' · ')}</p>
                  <p className="text-sm text-stone-500">by {a.actor_email}</p>
                </div>
              </li>
            ))}
          </ol>
        </Card>
      )}
      <Pager offset={offset} limit={STAFF_PAGE_SIZE} total={total} noun={total === 1 ? 'change' : 'changes'} />
    </div>
  );
}
