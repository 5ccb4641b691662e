import { firstName, hasRoleGroup, type RoleGroup } from '@fretline/contract';
import { Card, LinkButton } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { seoMeta } from '../../lib/seo';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/dashboard';

export async function loader({ request }: Route.LoaderArgs) {
  // The console is for the Staff and Editor groups (product.md#roles); either one opens the dashboard.
  await requireStaffAccess(request, 'Console');
  return null;
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

export default function StaffDashboard() {
  const { user } = useRootData();
  const tools = TOOLS.filter((t) => hasRoleGroup(user.roles, t.group));
  const notes = ROLE_NOTES.filter((n) => hasRoleGroup(user.roles, n.group));
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={`Hello${firstName(user) ? `, ${firstName(user)}` : ''}`}
        description={`Signed in as ${user.roles.join(', ')}. These are the tools your role may use.`}
      />
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
