import { Link } from 'react-router';
import { fullName, isCourseComplete, isCourseStarted, membershipState } from '@fretline/contract';
import { Badge, Button, Card, Container, CourseProgressLine } from '../../components/ui';
import { MembershipBadge } from '../../features/membership/status-badge';
import { ContinueCard } from '../../features/learning/continue-card';
import { FirstStepsCard } from '../../features/learning/first-steps';
import { loadProgress } from '../../features/learning/load-progress.server';
import { lessonHref, resumeVerb } from '../../features/learning/progress-lookup';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { useLogout } from '../../lib/logout';
import { requireMe } from '../../features/account/require-user.server';
import { PRACTICE_TOOLS } from '../../features/practice/practice-links';
import type { Route } from './+types/me';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Your account', description: 'Your Fretline account.', path: '/me', matches, noIndex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireMe(request);
  // Progress and the quiz are extras: a failing call hides its part, never the account page.
  const api = getServerApi(request);
  const [progress, firstSteps, subscriptions] = await Promise.all([
    loadProgress(request),
    api
      .call('videos.getFirstSteps')
      .then((r) => r.first_steps)
      .catch(() => null),
    // Only for saying where the membership stands; without it the page says member or not.
    api
      .call('finance.listSubscriptions')
      .then((r) => r.subscriptions)
      .catch(() => null),
  ]);
  const membership = subscriptions ? membershipState(subscriptions, new Date()) : null;
  return { user, progress, firstSteps, membership };
}

const LINKS = [
  { to: '/me/edit', label: 'Edit your details', text: 'Name, email address and telephone.' },
  { to: '/me/notifications', label: 'Email preferences', text: 'Choose which emails we send you.' },
  { to: '/membership', label: 'Membership', text: 'Your membership, plan and payments.' },
  { to: '/my-list', label: 'My List', text: 'The videos you saved.' },
  ...PRACTICE_TOOLS.map(({ to, label, text }) => ({ to, label, text })),
  { to: '/messages', label: 'Messages', text: 'Your conversations with us.' },
  { to: '/me/sessions', label: 'Signed-in devices', text: 'See where you are signed in and sign out other devices.' },
  { to: '/me/delete', label: 'Delete your account', text: 'Remove your account and personal data.' },
];

/** /me (product.md#pages): profile letter, full name, membership status and every account page. */
export default function Me({ loaderData }: Route.ComponentProps) {
  const { user, progress, firstSteps, membership } = loaderData;
  const next = progress?.continue;
  // Courses the learner has started, the one touched last first (docs/product.md#learning-progress).
  const started = (progress?.courses ?? [])
    .filter(isCourseStarted)
    .sort((a, b) => (b.video_last_played?.getTime() ?? 0) - (a.video_last_played?.getTime() ?? 0));
  const { logout, loggingOut } = useLogout();
  const name = fullName(user);
  const letter = (user.first_name?.trim().charAt(0) || user.email?.charAt(0) || '?').toUpperCase();

  return (
    <Container width="narrow" className="py-10 sm:py-14">
      {next ? (
        <div className="mb-6">
          <ContinueCard
            item={next}
            percent={started.find((c) => c.id_course === next.course.id_course)?.course_percent_complete}
          />
        </div>
      ) : null}
      <Card>
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-ink-900 text-2xl font-bold text-white"
          >
            {letter}
          </span>
          <div className="min-w-0">
            <h1 className="text-2xl font-extrabold tracking-tight break-words">{name || 'Your account'}</h1>
            <p className="wrap-anywhere text-stone-600">{user.email}</p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap items-center gap-2 rounded-xl bg-stone-50 p-4">
          <span className="font-semibold">Membership:</span>
          {membership && membership.kind !== 'none' ? (
            <MembershipBadge state={membership} />
          ) : user.has_aaa_membership ? (
            <Badge tone="success">Active member</Badge>
          ) : (
            <>
              <Badge tone="neutral">Not a member</Badge>
              <Link to="/membership" className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 underline">
                {user.eligible_for_aaa_free_trial ? 'Start your free trial' : 'Join'}
              </Link>
            </>
          )}
          {user.aaa_community_discord_link ? (
            <a
              href={user.aaa_community_discord_link}
              className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 underline"
              rel="noreferrer"
              target="_blank"
            >
              Join the Discord community
            </a>
          ) : null}
        </div>
      </Card>
      {started.length ? (
        <section aria-labelledby="me-courses" className="mt-6">
          <h2 id="me-courses" className="mb-3 text-lg font-bold text-ink-900">
            Your courses
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="my-courses">
            {started.map((c) => (
              <li key={c.id_course} className="rounded-2xl border border-stone-200 bg-white p-4">
                <Link to={`/courses/${c.course_slug}`} className="font-semibold text-ink-900 hover:text-brand-700">
                  {c.course_title}
                </Link>
                <CourseProgressLine
                  className="mt-2"
                  percent={c.course_percent_complete}
                  done={c.course_lessons_done}
                  total={c.course_lessons_total}
                />
                {isCourseComplete(c) ? (
                  <p className="mt-2 text-sm font-semibold text-emerald-700">Course complete</p>
                ) : c.course_video_active ? (
                  <Link
                    to={lessonHref(c.course_slug, c.course_video_active.video_slug, c.course_video_active.video_play_start_time)}
                    className="mt-2 inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 underline underline-offset-4"
                  >
                    {resumeVerb(c.course_video_active, progress?.videos ?? [])}: {c.course_video_active.video_title}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-6">
        <FirstStepsCard signedIn initial={firstSteps} />
      </div>
      <nav aria-label="Account pages" className="mt-6">
        <ul className="grid gap-3 sm:grid-cols-2">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block h-full rounded-2xl border border-stone-200 bg-white p-4 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="block font-semibold">{link.label}</span>
                <span className="mt-1 block text-sm text-stone-600">{link.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8">
        <Button variant="secondary" onClick={logout} busy={loggingOut}>
          Sign out
        </Button>
      </div>
    </Container>
  );
}
