import { Link } from 'react-router';
import type { CourseProgress, CourseRef, LearnerHome } from '@fretline/contract';
import { Card, Container, LinkButton, cx } from '../../components/ui';
import { CourseProgressLine, ProgressBar } from '../../components/ui/progress-mark';
import { lessonHref, resumeWords } from './progress-lookup';

/** Today's practice and the streak, worked out in the learner's own calendar by the route. */
export interface PracticeToday {
  /** Minutes practised today (rounded down). */
  minutes: number;
  goalMinutes: number;
  goalDays: number;
  /** Days this week the goal's minutes were met. */
  daysMet: number;
  /** Weeks in a row the goal was met (docs/product.md#practice-log). */
  streak: number;
}

export interface LearnerHomeProps {
  name: string;
  home: LearnerHome;
  practice: PracticeToday;
  /** Unread threads in messages; null when messages could not answer (the card then just links there). */
  unread: number | null;
  /** "Next live lesson" line, in the learner's zone (composed by the route). */
  liveWhen: string | null;
  /** The "Continue: {lesson}" card, composed by the route; null when nothing is in progress. */
  continueCard: React.ReactNode;
  /** The playable songs' grid, composed by the route. */
  songs: React.ReactNode;
  /** The first-steps quiz card (docs/product.md#first-steps), shown while nothing is started. */
  firstSteps: React.ReactNode;
}

function SectionTitle({ id, children, action }: { id: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <h2 id={id} className="text-xl font-extrabold tracking-tight text-ink-900">
        {children}
      </h2>
      {action}
    </div>
  );
}

const moreLink = 'shrink-0 text-sm font-semibold text-brand-700 hover:underline';

/** Where a learner with nothing started begins (docs/product.md#learners-home): the course, one button. */
function StartCard({ course }: { course: CourseRef | null }) {
  return (
    <Card className="border-brand-200 bg-brand-50" data-testid="home-start">
      <p className="text-xs font-bold tracking-wider text-brand-800 uppercase">Start here</p>
      <h2 className="mt-1 text-xl font-extrabold text-ink-900">{course ? course.course_title : 'Choose your first course'}</h2>
      <p className="mt-2 text-stone-700">
        Holding the guitar, tuning up and your first chords: a lesson at a time, at your pace.
      </p>
      <LinkButton to={course ? `/courses/${course.course_slug}` : '/courses'} className="mt-4 w-full sm:w-auto">
        {course ? 'Begin this course' : 'See the courses'}
      </LinkButton>
    </Card>
  );
}

function NextLessons({ courses }: { courses: CourseProgress[] }) {
  return (
    <section aria-labelledby="home-courses">
      <SectionTitle
        id="home-courses"
        action={
          <Link to="/courses" className={moreLink}>
            All courses
          </Link>
        }
      >
        Next in your other courses
      </SectionTitle>
      <ul className="mt-3 space-y-3">
        {courses.map((course) => {
          const next = course.course_video_active!;
          const from = resumeWords(next.video_play_start_time);
          return (
            <li key={course.id_course}>
              <Link
                to={lessonHref(course.course_slug, next.video_slug, next.video_play_start_time)}
                className="block rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="block text-xs font-bold tracking-wider text-brand-700 uppercase">{course.course_title}</span>
                <span className="mt-0.5 block font-bold text-ink-900">
                  {from ? 'Continue' : 'Next'}: {next.video_title}
                </span>
                <CourseProgressLine
                  percent={course.course_percent_complete}
                  done={course.course_lessons_done}
                  total={course.course_lessons_total}
                  className="mt-2"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PracticeCard({ practice }: { practice: PracticeToday }) {
  const percent = Math.min(100, Math.round((practice.minutes / practice.goalMinutes) * 100));
  const met = practice.minutes >= practice.goalMinutes;
  return (
    <Card as="section" aria-labelledby="home-practice" data-testid="home-practice">
      <SectionTitle
        id="home-practice"
        action={
          <Link to="/me/practice" className={moreLink}>
            Log practice
          </Link>
        }
      >
        Today’s practice
      </SectionTitle>
      <p className="mt-3 text-3xl font-extrabold text-ink-900 tabular-nums">
        {practice.minutes} <span className="text-lg font-bold text-stone-600">of {practice.goalMinutes} min</span>
      </p>
      <ProgressBar
        label="Today’s practice against your goal"
        percent={percent}
        className="mt-2 h-2.5"
        fill={met ? 'bg-green-600' : 'bg-brand-600'}
      />
      <p className="mt-2 text-sm text-stone-600">
        {met ? 'Goal met today. ' : ''}Goal met on {practice.daysMet} of {practice.goalDays} days this week.
      </p>
      <p className="mt-3 border-t border-stone-100 pt-3 text-ink-900" data-testid="home-streak">
        <span className="font-bold">
          {practice.streak} {practice.streak === 1 ? 'week' : 'weeks'}
        </span>{' '}
        <span className="text-stone-600">in a row at your goal</span>
      </p>
    </Card>
  );
}

function LiveCard({ live, when }: { live: LearnerHome['live']; when: string | null }) {
  return (
    <Card as="section" aria-labelledby="home-live">
      <SectionTitle id="home-live">{live?.stream_status === 'live' ? 'Live now' : 'Next live lesson'}</SectionTitle>
      {live ? (
        <>
          <p className="mt-2 font-bold text-ink-900">
            <Link to={`/live/${live.stream_slug}`} className="hover:text-brand-700 hover:underline">
              {live.stream_title}
            </Link>
          </p>
          {when ? (
            <p className="mt-1 text-sm text-stone-600">
              <time dateTime={new Date(live.stream_starts).toISOString()}>{when}</time>
              {live.stream_locked ? ' · for members' : ''}
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-stone-600">
          None planned yet.{' '}
          <Link to="/live" className="font-semibold text-brand-700 hover:underline">
            Watch the replays
          </Link>
        </p>
      )}
    </Card>
  );
}

function MessagesCard({ unread }: { unread: number | null }) {
  return (
    <Card as="section" aria-labelledby="home-messages" data-testid="home-messages">
      <SectionTitle id="home-messages">Messages</SectionTitle>
      <p className="mt-2 text-stone-700">
        {unread === null
          ? 'Ask the team anything.'
          : unread === 0
            ? 'No replies waiting.'
            : `${unread} ${unread === 1 ? 'conversation has' : 'conversations have'} a reply waiting.`}
      </p>
      <Link to="/messages" className={cx(moreLink, 'mt-2 inline-block')}>
        {unread ? 'Read your messages' : 'Open messages'}
      </Link>
    </Card>
  );
}

/**
 * A signed-in learner's home (docs/product.md#learners-home): what to play next, today's practice
 * against the goal, songs within reach, the next live lesson and replies waiting.
 */
export function LearnerHomePage({ name, home, practice, unread, liveWhen, continueCard, songs, firstSteps }: LearnerHomeProps) {
  const started = home.start_course === null;
  // The course Continue opens is already the card above: the list holds the others.
  const others = home.courses.filter((course) => course.id_course !== home.continue?.course.id_course);
  return (
    <Container width="wide" className="py-8 sm:py-12">
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-900 sm:text-3xl">
        {name ? `Welcome back, ${name}` : 'Welcome back'}
      </h1>
      {/* Two columns on wide screens (lessons, then practice, live and messages beside them); a phone reads
          one column in this order: lesson, practice, courses, songs, live, messages. Below lg the columns'
          boxes are `contents`, so their children are the grid's items and take the order classes. */}
      <div className="mt-6 grid gap-6 lg:grid-cols-3 lg:items-start lg:gap-8">
        <div className="contents lg:col-span-2 lg:block lg:min-w-0 lg:space-y-8">
          <div className="order-1 min-w-0 space-y-6">
            {continueCard ?? (started ? null : <StartCard course={home.start_course} />)}
            {started ? null : firstSteps}
          </div>
          {others.length ? (
            <div className="order-3 min-w-0">
              <NextLessons courses={others} />
            </div>
          ) : null}
          <section aria-labelledby="home-songs" className="order-4 min-w-0">
            <SectionTitle
              id="home-songs"
              action={
                home.songs.length ? (
                  <Link to="/videos?playable=now" className={moreLink}>
                    All you can play
                  </Link>
                ) : null
              }
            >
              Songs you can play now
            </SectionTitle>
            <div className="mt-3">
              {home.songs.length ? (
                songs
              ) : (
                <p className="rounded-2xl border border-dashed border-stone-300 bg-stone-50 p-4 text-stone-700">
                  Tell us the chords you know and we will list the songs you can already play.{' '}
                  <Link to="/me/chords" className="font-semibold text-brand-700 hover:underline">
                    Chords I know
                  </Link>
                </p>
              )}
            </div>
          </section>
        </div>
        <div className="contents lg:block lg:space-y-6">
          <div className="order-2">
            <PracticeCard practice={practice} />
          </div>
          <div className="order-5">
            <LiveCard live={home.live} when={liveWhen} />
          </div>
          <div className="order-6">
            <MessagesCard unread={unread} />
          </div>
        </div>
      </div>
    </Container>
  );
}
