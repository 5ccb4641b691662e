import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { firstName, hasRoleGroup, type RoleGroup } from '@fretline/contract';
import { Card, LinkButton } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { DateRangeForm } from '../../features/editor/reports/date-range-form';
import { MembershipFiguresPanel } from '../../features/editor/reports/membership-figures';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/dashboard';

dayjs.extend(utc);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request }: Route.LoaderArgs) {
  // The console is for the Staff and Editor groups (product.md#roles); either one opens the dashboard.
  const { api, user } = await requireStaffAccess(request, 'Console');
  // The membership figures are money: the Director group's, as the analytics are (product.md#membership-figures).
  if (!hasRoleGroup(user.roles, 'Director')) return { figures: null, from: '', to: '', today: '', error: null };
  const url = new URL(request.url);
  const today = dayjs.utc().format('YYYY-MM-DD');
  const toParam = url.searchParams.get('to') ?? '';
  const fromParam = url.searchParams.get('from') ?? '';
  const to = DAY.test(toParam) ? toParam : today;
  const from = DAY.test(fromParam) ? fromParam : dayjs.utc(to).subtract(29, 'day').format('YYYY-MM-DD');
  try {
    const { figures } = await api.call('finance.getMembershipFigures', { query: { from, to } });
    return { figures, from, to, today, error: null };
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return { figures: null, from, to, today, error: err.message };
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Staff console', description: 'Tools for the Fretline team.', path: '/staff', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

interface Tool {
  title: string;
  text: string;
  to: string;
  cta: string;
  group: RoleGroup;
}

/** What each role group may use (product.md#roles, ADR 0035); the dashboard shows only the caller's. */
const TOOLS: Tool[] = [
  {
    title: 'Helpdesk inbox',
    text: 'Answer helpdesk messages, assign threads and mark them resolved.',
    to: '/staff/inbox',
    cta: 'Open the inbox',
    group: 'Staff',
  },
  {
    title: 'Members',
    text: 'Look a member up by name or e-mail: profile, sessions, membership, invoices and conversations.',
    to: '/staff/members',
    cta: 'Find a member',
    group: 'Staff',
  },
  {
    title: 'Videos',
    text: 'Lessons, songs and live replays: their player, sections, chords, tags and courses.',
    to: '/staff/content/videos',
    cta: 'Edit videos',
    group: 'Editor',
  },
  {
    title: 'Courses',
    text: 'The lessons and songs of each course in order, testimonials, and the order of /courses.',
    to: '/staff/content/courses',
    cta: 'Edit courses',
    group: 'Editor',
  },
  {
    title: 'Live streams',
    text: 'Schedule live lessons, set who may watch, and link the replay afterwards.',
    to: '/staff/content/live',
    cta: 'Plan live streams',
    group: 'Editor',
  },
  {
    title: 'Free resources',
    text: 'The downloads on /free-resources: files, cover images and their order.',
    to: '/staff/content/free-resources',
    cta: 'Edit free resources',
    group: 'Editor',
  },
  {
    title: 'Analytics',
    text: 'Visits, what people watch, campaigns, sign-ups, subscriptions and helpdesk load over any dates.',
    to: '/staff/analytics',
    cta: 'See the charts',
    group: 'Director',
  },
  {
    title: 'Retention offer',
    text: 'The discount offered once to a member who is about to cancel: its percent and how many months.',
    to: '/staff/retention-offer',
    cta: 'Set the offer',
    group: 'Director',
  },
  {
    title: 'Audit log',
    text: 'Every change made through the console: who did what, and when.',
    to: '/staff/audit',
    cta: 'Read the log',
    group: 'Staff',
  },
];

const ROLE_NOTES: Array<{ group: RoleGroup; text: string }> = [
  { group: 'Admin', text: 'As an admin you can also change members’ roles from their page.' },
  { group: 'Editor', text: 'As an editor you look after the catalogue: videos, courses and their order.' },
];

export default function StaffDashboard({ loaderData }: Route.ComponentProps) {
  const { user } = useRootData();
  const { figures, from, to, today, error } = loaderData;
  const tools = TOOLS.filter((t) => hasRoleGroup(user.roles, t.group));
  const notes = ROLE_NOTES.filter((n) => hasRoleGroup(user.roles, n.group));
  return (
    <div className={figures ? 'mx-auto max-w-6xl' : 'mx-auto max-w-5xl'}>
      <PageHeader
        title={`Hello${firstName(user) ? `, ${firstName(user)}` : ''}`}
        description={`Signed in as ${user.roles.join(', ')}. These are the tools your role may use.`}
      />
      {today ? <DateRangeForm from={from} to={to} today={today} /> : null}
      {error ? (
        <p role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {error}
        </p>
      ) : null}
      {figures ? <MembershipFiguresPanel figures={figures} /> : null}
      {notes.length ? (
        <ul className="mb-6 space-y-2">
          {notes.map((n) => (
            <li key={n.group} className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
              {n.text}
            </li>
          ))}
        </ul>
      ) : null}
      {tools.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {tools.map((tool) => (
            <Card as="li" key={tool.to} className="flex flex-col">
              <h2 className="text-lg font-bold text-ink-900">{tool.title}</h2>
              <p className="mt-1 flex-1 text-stone-600">{tool.text}</p>
              <div className="mt-4">
                <LinkButton to={tool.to} size="sm">
                  {tool.cta}
                </LinkButton>
              </div>
            </Card>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
