import { data, Link, useFetcher } from 'react-router';
import {
  firstName,
  fullName,
  hasRoleGroup,
  IdInputSchema,
  sessionStatusText,
  subscriptionStatusLabel,
  CANCELLATION_REASON_LABELS,
  type CancellationReason,
  formatPounds,
  type StaffSession,
} from '@fretline/contract';
import { Badge, Button, Card } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { describeAction, describeDiff, formatWhen, memberName } from '../../features/editor/console/format';
import { PageHeader } from '../../features/editor/console/page-header';
import { RoleEditor } from '../../features/editor/members/role-editor';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { ApiError } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/member';

function idFrom(params: { idUser: string }): number {
  const parsed = IdInputSchema.safeParse(params.idUser);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Staff');
  const idUser = idFrom(params);
  try {
    const [{ member }, { audit }] = await Promise.all([
      api.call('staff.getMember', { params: { idUser } }),
      api.call('staff.listAudit', {
        limit: 10,
        query: { target_type: 'user', target_id: String(idUser) },
      }),
    ]);
    return { member, audit };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

/** End a session (Staff group) or set the roles (Admin group); the API checks both again. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const { api } = await requireStaffAccess(request, intent === 'set-roles' ? 'Admin' : 'Staff');
  const idUser = idFrom(params);
  try {
    if (intent === 'set-roles') {
      const roles = form.getAll('roles').map(String);
      // An empty list still sends the key, so "no roles" is an explicit choice.
      await api.call('staff.setMemberRoles', { params: { idUser }, body: { roles: roles.length ? roles : '' } });
      return { ok: true };
    }
    if (intent === 'end-session') {
      await api.call('staff.endMemberSession', { params: { idUser, idSession: Number(form.get('id_session')) } });
      return { ok: true };
    }
    return data({ ok: false, message: 'Unknown action.' }, { status: 400 });
  } catch (err) {
    if (err instanceof ApiError) return data({ ok: false, message: err.message }, { status: err.status });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? memberName(loaded.member) : 'Member',
    description: 'A member’s account, as staff see it.',
    path: `/staff/members/${params.idUser}`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <Card as="section" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function SessionRow({ session }: { session: StaffSession }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const open = sessionStatusText(session) === 'Open';
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink-900">
          <Badge tone={open ? 'success' : 'neutral'}>{sessionStatusText(session)}</Badge>
          <span>{session.session_ip ?? 'Unknown address'}</span>
        </p>
        <p className="mt-1 truncate text-stone-600" title={session.session_user_agent ?? undefined}>
          {session.session_user_agent ?? 'Unknown browser'}
        </p>
        <p className="text-stone-500">
          Last used {formatWhen(session.session_accessed)} · started {formatWhen(session.session_created)}
          {session.session_deleted ? ` · ended ${formatWhen(session.session_deleted)}` : ''}
        </p>
      </div>
      {open ? (
        <fetcher.Form method="delete">
          <input type="hidden" name="intent" value="end-session" />
          <input type="hidden" name="id_session" value={session.id_session} />
          <Button type="submit" variant="secondary" size="sm" busy={fetcher.state !== 'idle'}>
            End session
          </Button>
          {fetcher.data?.ok === false ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {fetcher.data.message}
            </p>
          ) : null}
        </fetcher.Form>
      ) : null}
    </li>
  );
}

export default function StaffMember({ loaderData }: Route.ComponentProps) {
  const { member, audit } = loaderData;
  const { user } = useRootData();
  const isAdmin = hasRoleGroup(user.roles, 'Admin');
  return (
    <div className="mx-auto max-w-5xl">
      <p className="mb-2 text-sm">
        <Link to="/staff/members" className="font-medium text-brand-700 hover:underline">
          ← Members
        </Link>
      </p>
      <PageHeader
        title={memberName(member)}
        description={
          <>
            {member.email}
            {member.user_deleted ? ' · account deleted' : ''}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Profile" id="profile">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-stone-500">Member id</dt>
            <dd>{member.id_user}</dd>
            <dt className="text-stone-500">Name</dt>
            <dd>{fullName(member) ?? firstName(member) ?? '—'}</dd>
            <dt className="text-stone-500">E-mail</dt>
            <dd className="break-all">{member.email ?? '—'}</dd>
            <dt className="text-stone-500">Telephone</dt>
            <dd>{member.telephone ?? '—'}</dd>
            <dt className="text-stone-500">Joined</dt>
            <dd>{formatWhen(member.user_created)}</dd>
            <dt className="text-stone-500">Roles</dt>
            <dd className="flex flex-wrap gap-1">
              {member.roles.length
                ? member.roles.map((r) => (
                    <Badge key={r} tone="brand">
                      {r}
                    </Badge>
                  ))
                : 'Learner (no staff role)'}
            </dd>
          </dl>
        </Section>

        {isAdmin ? (
          <Section title="Roles" id="roles">
            <RoleEditor
              roles={member.roles}
              canGrantSuperadmin={user.roles.includes('Superadmin')}
              isSelf={user.id_user === member.id_user}
            />
          </Section>
        ) : null}

        <Section title="Membership and invoices" id="subscriptions">
          {member.subscriptions.length === 0 ? (
            <p className="text-sm text-stone-600">No subscriptions.</p>
          ) : (
            <ul className="space-y-4">
              {member.subscriptions.map((s) => (
                <li key={s.id_subscription} className="rounded-xl border border-stone-200 p-4">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                    {s.subscription_product_name ?? 'Subscription'} · {s.subscription_plan_name ?? '—'}
                    <Badge
                      tone={
                        s.subscription_status === 'active'
                          ? 'success'
                          : s.subscription_status === 'cancelled'
                            ? 'neutral'
                            : 'warning'
                      }
                    >
                      {subscriptionStatusLabel(s.subscription_status)}
                    </Badge>
                  </p>
                  <p className="mt-1 text-sm text-stone-600">
                    Started {formatWhen(s.subscription_created)}
                    {s.subscription_current_period_end ? ` · period ends ${formatWhen(s.subscription_current_period_end)}` : ''}
                    {s.subscription_cancelled ? ` · cancelled ${formatWhen(s.subscription_cancelled)}` : ''}
                  </p>
                  {s.subscription_paused_until && s.subscription_paused_until > new Date() ? (
                    <p className="mt-1 text-sm font-medium text-amber-800" data-testid="member-paused">
                      Paused {s.subscription_paused_from ? `from ${formatWhen(s.subscription_paused_from)} ` : ''}until{' '}
                      {formatWhen(s.subscription_paused_until)}
                    </p>
                  ) : null}
                  {s.subscription_cancellation_reason ? (
                    <p className="mt-1 text-sm text-stone-600">
                      Reason picked:{' '}
                      {CANCELLATION_REASON_LABELS[s.subscription_cancellation_reason as CancellationReason] ??
                        s.subscription_cancellation_reason}
                    </p>
                  ) : null}
                  {s.subscription_product_cancellation_question ? (
                    <p className="mt-1 text-sm text-stone-600">Reason given: “{s.subscription_product_cancellation_question}”</p>
                  ) : null}
                  {s.lifecycle_mails?.length ? (
                    <details className="mt-3 text-sm">
                      <summary className="cursor-pointer font-semibold text-ink-900">
                        E-mails sent ({s.lifecycle_mails.length})
                      </summary>
                      <ul className="mt-1 divide-y divide-stone-100" data-testid="lifecycle-mails">
                        {s.lifecycle_mails.map((m) => (
                          <li key={`${m.mail_kind}-${String(m.mail_created)}`} className="flex justify-between gap-4 py-1.5">
                            <span>{m.mail_subject}</span>
                            <span className="shrink-0 text-stone-500">{formatWhen(m.mail_created)}</span>
                          </li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                  {s.invoices.length ? (
                    <ul className="mt-3 divide-y divide-stone-100 text-sm">
                      {s.invoices.map((i) => (
                        <li key={i.id_stripe_invoice} className="flex justify-between gap-4 py-1.5">
                          <span>
                            {formatWhen(i.stripe_invoice_created)}
                            {i.stripe_invoice_number ? ` · ${i.stripe_invoice_number}` : ''}
                          </span>
                          <span className="font-medium">{formatPounds(i.stripe_invoice_total)}</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-2 text-sm text-stone-500">No invoices yet.</p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Conversations" id="conversations">
          {member.conversations.length === 0 ? (
            <p className="text-sm text-stone-600">No conversations.</p>
          ) : (
            <ul className="divide-y divide-stone-100">
              {member.conversations.map((c) => (
                <li key={c.id_thread} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <Link to={c.thread_url} className="font-medium text-brand-700 hover:underline">
                    {c.thread_title ?? 'Group Message'}
                  </Link>
                  <span className="flex items-center gap-2 text-stone-500">
                    {c.thread_helpdesk ? <Badge>{c.thread_resolved ? 'Resolved' : 'Helpdesk'}</Badge> : null}
                    {formatWhen(c.thread_edited)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <div className="lg:col-span-2">
          <Section title="Sessions" id="sessions">
            {member.sessions.length === 0 ? (
              <p className="text-sm text-stone-600">Never signed in.</p>
            ) : (
              <ul className="divide-y divide-stone-100">
                {member.sessions.map((s) => (
                  <SessionRow key={s.id_session} session={s} />
                ))}
              </ul>
            )}
          </Section>
        </div>

        <div className="lg:col-span-2">
          <Section title="Changes made by staff" id="changes">
            {audit.length === 0 ? (
              <p className="text-sm text-stone-600">No staff changes yet.</p>
            ) : (
              <ul className="divide-y divide-stone-100 text-sm">
                {audit.map((a) => (
                  <li key={a.id_audit} className="py-2">
                    <p className="font-medium text-ink-900">
                      {describeAction(a.audit_action)} <span className="font-normal text-stone-500">by {a.actor_email}</span>
                    </p>
                    <p className="text-stone-600">{describeDiff(a.audit_diff).join(' · ')}</p>
                    <p className="text-stone-500">{formatWhen(a.audit_created)}</p>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
