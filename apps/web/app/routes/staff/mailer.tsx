import { hasRoleGroup, MAILER_AUDIENCE_LABELS } from '@fretline/contract';
import { Badge, Card, LinkButton } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { MailerForm } from '../../features/editor/mailers/mailer-form';
import { MailerPreview } from '../../features/editor/mailers/mailer-preview';
import { SendProgress } from '../../features/editor/mailers/send-progress';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/mailer';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api, user } = await requireStaffAccess(request, 'Staff');
  const id = params.idMailer;
  const [{ courses }, mailer] = await Promise.all([
    api.call('mailers.listCourses', {}),
    id ? api.call('mailers.getMailer', { params: { idMailer: id } }).then((r) => r.mailer) : Promise.resolve(null),
  ]);
  // Sent now (or its time has come): the progress view, which follows it from the start job on.
  const due =
    mailer?.mailer_status === 'scheduled' && mailer.mailer_scheduled_at !== null && mailer.mailer_scheduled_at <= new Date();
  return { mailer, courses, canUpload: hasRoleGroup(user.roles, 'Editor'), due };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seoMeta({
    title: data?.mailer ? data.mailer.mailer_subject : 'New mailer',
    description: 'Write a mailer.',
    path: '/staff/mailers',
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

/** Compose, preview, test and send one mailer; once it sends, its progress (product.md#mailers). */
export default function StaffMailer({ loaderData }: Route.ComponentProps) {
  const { mailer, courses, canUpload, due } = loaderData;
  const back = (
    <LinkButton to="/staff/mailers" variant="secondary" size="sm">
      All mailers
    </LinkButton>
  );
  if (mailer && (due || mailer.mailer_status === 'sending' || mailer.mailer_status === 'sent')) {
    return (
      <div className="mx-auto max-w-5xl space-y-6">
        <PageHeader
          title={mailer.mailer_subject}
          description={`To ${MAILER_AUDIENCE_LABELS[mailer.mailer_audience].toLowerCase()}`}
          actions={back}
        />
        <SendProgress key={mailer.id_mailer} mailer={mailer} />
        <Card>
          <MailerPreview subject={mailer.mailer_subject} body={mailer.mailer_body} />
        </Card>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={mailer ? 'Edit mailer' : 'New mailer'}
        description={
          mailer?.mailer_status === 'scheduled' ? (
            <Badge tone="warning">Scheduled</Badge>
          ) : (
            'Only people who take mailers get it; each message carries a one-click unsubscribe.'
          )
        }
        actions={back}
      />
      <MailerForm key={mailer?.id_mailer ?? 'new'} mailer={mailer} courses={courses} canUpload={canUpload} />
    </div>
  );
}
