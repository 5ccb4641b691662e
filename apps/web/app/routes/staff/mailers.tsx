import { Link } from 'react-router';
import { MAILER_AUDIENCE_LABELS, MAILER_STATUS_LABELS, type MailerStatus } from '@fretline/contract';
import { Badge, Card, EmptyState, LinkButton, type BadgeTone } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { formatWhen } from '../../features/editor/console/format';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/mailers';

const TONES: Record<MailerStatus, BadgeTone> = { draft: 'neutral', scheduled: 'warning', sending: 'brand', sent: 'success' };

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Staff');
  return api.call('mailers.listMailers', {});
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Mailers',
    description: 'Newsletters to members and learners.',
    path: '/staff/mailers',
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

/** The mailers list (product.md#mailers): each with its state and counts, newest first. */
export default function StaffMailers({ loaderData }: Route.ComponentProps) {
  const { mailers } = loaderData;
  const newMailer = (
    <LinkButton to="/staff/mailers/new" size="sm">
      New mailer
    </LinkButton>
  );
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Mailers"
        description="Newsletters to the people who chose to get them: write, preview, test, then send or schedule."
        actions={newMailer}
      />
      {mailers.length === 0 ? (
        <EmptyState title="No mailers yet" action={newMailer}>
          Tell members about a new course or a live lesson. Only people who take mailers get them.
        </EmptyState>
      ) : (
        <Card padded={false}>
          <ul className="divide-y divide-stone-200">
            {mailers.map((m) => {
              const { recipients, sent, failed, queued } = m.counts;
              const when =
                m.mailer_status === 'sent'
                  ? `Sent ${formatWhen(m.mailer_send_finished)}`
                  : m.mailer_status === 'scheduled'
                    ? `Sends ${formatWhen(m.mailer_scheduled_at)}`
                    : m.mailer_status === 'sending'
                      ? `Started ${formatWhen(m.mailer_send_started)}`
                      : `Edited ${formatWhen(m.mailer_updated)}`;
              return (
                <li key={m.id_mailer}>
                  <Link
                    to={`/staff/mailers/${m.id_mailer}`}
                    className="flex flex-col gap-2 px-4 py-3 hover:bg-stone-50 focus-visible:bg-stone-50 sm:flex-row sm:items-center sm:gap-4 sm:px-6"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold text-ink-900">{m.mailer_subject}</span>
                      <span className="block truncate text-sm text-stone-600">
                        {MAILER_AUDIENCE_LABELS[m.mailer_audience]} · {when}
                      </span>
                    </span>
                    <span className="flex items-center gap-3 text-sm whitespace-nowrap text-stone-600">
                      {recipients > 0 ? (
                        <span>
                          <strong className="text-ink-900">{sent}</strong> of {recipients} sent
                          {failed > 0 ? <span className="text-red-700"> · {failed} failed</span> : null}
                          {queued > 0 ? <span> · {queued} waiting</span> : null}
                        </span>
                      ) : null}
                      <Badge tone={TONES[m.mailer_status]}>{MAILER_STATUS_LABELS[m.mailer_status]}</Badge>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </div>
  );
}
