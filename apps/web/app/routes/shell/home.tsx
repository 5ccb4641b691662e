import { useEffect, useState } from 'react';
import {
  formatDateInZone,
  formatTimeInZone,
  MEMBERSHIP_PRODUCT_SLUG,
  PRACTICE_CHART_WEEKS,
  practiceStreak,
  practiceWeeks,
  TOKEN_COOKIE_NAME,
  type FirstSteps,
  type LearnerHome,
} from '@fretline/contract';
import { catalogueLessonCount, HomePage, homeSeo, type HomeData } from '../../features/pages/home';
import { VideoGrid } from '../../features/catalogue/video-card';
import { ContinueCard } from '../../features/learning/continue-card';
import { FirstStepsCard } from '../../features/learning/first-steps';
import { LearnerHomePage, type PracticeToday } from '../../features/learning/learner-home';
import { localDay } from '../../features/practice/local-day';
import { getServerApi } from '../../lib/api.server';
import { readRequestCookie } from '../../lib/cookies';
import { rootDataFromMatches, useRootData } from '../../lib/root-data';
import { JsonLd } from '../../lib/json-ld';
import { organizationJson } from '../../lib/structured-data';
import { seoMeta } from '../../lib/seo';
import { useTimeZone } from '../../lib/time-zone';
import type { Route } from './+types/home';

type VisitorHome = HomeData & { firstSteps: FirstSteps | null };

/** Each section's data is optional: a failing call hides its section rather than the page. */
async function visitorHome(request: Request): Promise<VisitorHome> {
  const api = getServerApi(request);
  const [courses, videos, product] = await Promise.allSettled([
    api.call('videos.listCourses'),
    api.call('videos.listVideos', { limit: 8, order: '-video_created' }),
    api.call('finance.getProduct', { params: { slug: MEMBERSHIP_PRODUCT_SLUG } }),
  ]);
  return {
    courses:
      courses.status === 'fulfilled'
        ? [...(courses.value.courses ?? [])].sort((a, b) => a.course_order - b.course_order).slice(0, 8)
        : [],
    videos: videos.status === 'fulfilled' ? (videos.value.videos ?? []).slice(0, 8) : [],
    product: product.status === 'fulfilled' ? (product.value.subscription_product ?? null) : null,
    lessonCount: videos.status === 'fulfilled' ? catalogueLessonCount(videos.value.facets) : null,
    firstSteps: null,
  };
}

/**
 * A signed-in learner's home (docs/product.md#learners-home): one videos call for the page and the
 * unread count beside it, both in process. Null when the session is not one (an expired cookie):
 * that reader gets the visitors' home.
 */
async function learnerHome(request: Request): Promise<{ home: LearnerHome; unread: number | null } | null> {
  const api = getServerApi(request);
  const [home, unread] = await Promise.allSettled([api.call('videos.getMyHome'), api.call('messages.unreadCount')]);
  if (home.status === 'rejected') return null;
  return { home: home.value.home, unread: unread.status === 'fulfilled' ? unread.value.count : null };
}

export async function loader({ request }: Route.LoaderArgs) {
  // The page cache never stores a request with a session cookie (ADR 0056), so this page is the
  // learner's alone; a visitor's home is the one every visitor shares.
  const learner = readRequestCookie(request, TOKEN_COOKIE_NAME) ? await learnerHome(request) : null;
  return learner ? { learner, visitor: null } : { learner: null, visitor: await visitorHome(request) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ ...homeSeo(rootDataFromMatches(matches).teacherDisplayName), path: '/', matches });

/** Today and the streak in the learner's calendar: the server's day first, the browser's once hydrated. */
function usePracticeToday(practice: LearnerHome['practice']): PracticeToday {
  const [today, setToday] = useState(() => new Date().toISOString().slice(0, 10));
  useEffect(() => setToday(localDay()), []);
  const weeks = practiceWeeks(practice.days, practice.goal, today, PRACTICE_CHART_WEEKS);
  const seconds = practice.days.filter((d) => d.practised_on === today).reduce((sum, d) => sum + d.seconds, 0);
  return {
    minutes: Math.floor(seconds / 60),
    goalMinutes: practice.goal.goal_minutes,
    goalDays: practice.goal.goal_days,
    daysMet: weeks[weeks.length - 1]!.goal_days_met,
    streak: practiceStreak(weeks),
  };
}

function Learner({ home, unread }: { home: LearnerHome; unread: number | null }) {
  const { user } = useRootData();
  const timeZone = useTimeZone();
  const practice = usePracticeToday(home.practice);
  const next = home.continue;
  const percent = next ? home.courses.find((c) => c.id_course === next.course.id_course)?.course_percent_complete : undefined;
  const live = home.live;
  return (
    <LearnerHomePage
      name={user.first_name ?? ''}
      home={home}
      practice={practice}
      unread={unread}
      liveWhen={
        live
          ? `${formatDateInZone(live.stream_starts, 'day', timeZone)}, ${formatTimeInZone(live.stream_starts, timeZone)}`
          : null
      }
      continueCard={next ? <ContinueCard item={next} percent={percent} /> : null}
      songs={<VideoGrid videos={home.songs} />}
      firstSteps={<FirstStepsCard signedIn initial={home.first_steps} />}
    />
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { user, teacherDisplayName, teacherName, siteUrl } = useRootData();
  // The site itself for search engines (product.md#entities, structured data).
  const organization = <JsonLd json={organizationJson(siteUrl)} />;
  if (loaderData.learner)
    return (
      <>
        {organization}
        <Learner {...loaderData.learner} />
      </>
    );
  const { firstSteps, ...data } = loaderData.visitor;
  return (
    <>
      {organization}
      <HomePage
        {...data}
        user={user}
        name={teacherDisplayName}
        teacherName={teacherName}
        firstSteps={<FirstStepsCard signedIn={false} initial={firstSteps} />}
      />
    </>
  );
}
