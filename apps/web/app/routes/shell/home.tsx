import { MEMBERSHIP_PRODUCT_SLUG, TOKEN_COOKIE_NAME, type FirstSteps } from '@fretline/contract';
import { catalogueLessonCount, HomePage, homeSeo, type HomeData } from '../../features/pages/home';
import { ContinueCard } from '../../features/learning/continue-card';
import { FirstStepsCard } from '../../features/learning/first-steps';
import { loadProgress } from '../../features/learning/load-progress.server';
import { getServerApi } from '../../lib/api.server';
import { readRequestCookie } from '../../lib/cookies';
import { rootDataFromMatches, useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/home';

/** Each section's data is optional: a failing call hides its section rather than the page. */
export async function loader({ request }: Route.LoaderArgs): Promise<HomeData & { firstSteps: FirstSteps | null }> {
  const api = getServerApi(request);
  const signedIn = Boolean(readRequestCookie(request, TOKEN_COOKIE_NAME));
  // One source for where the learner is (GET me/progress, docs/product.md#learning-progress): the
  // Continue card and the course cards never disagree; a visitor makes no progress call.
  const [courses, videos, product, progress, firstSteps] = await Promise.allSettled([
    api.call('videos.listCourses'),
    api.call('videos.listVideos', { limit: 8, order: '-video_created' }),
    api.call('finance.getProduct', { params: { slug: MEMBERSHIP_PRODUCT_SLUG } }),
    loadProgress(request),
    signedIn ? api.call('videos.getFirstSteps') : Promise.resolve(null),
  ]);
  return {
    courses:
      courses.status === 'fulfilled'
        ? [...(courses.value.courses ?? [])].sort((a, b) => a.course_order - b.course_order).slice(0, 8)
        : [],
    videos: videos.status === 'fulfilled' ? (videos.value.videos ?? []).slice(0, 8) : [],
    product: product.status === 'fulfilled' ? (product.value.subscription_product ?? null) : null,
    lessonCount: videos.status === 'fulfilled' ? catalogueLessonCount(videos.value.facets) : null,
    progress: progress.status === 'fulfilled' ? progress.value : null,
    firstSteps: firstSteps.status === 'fulfilled' ? (firstSteps.value?.first_steps ?? null) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ ...homeSeo(rootDataFromMatches(matches).teacherDisplayName), path: '/', matches });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { user, teacherDisplayName, teacherName } = useRootData();
  const { firstSteps, ...data } = loaderData;
  const signedIn = user.id_user !== null;
  const next = data.progress?.continue;
  const percent = next
    ? data.progress?.courses.find((c) => c.id_course === next.course.id_course)?.course_percent_complete
    : undefined;
  return (
    <HomePage
      {...data}
      user={user}
      name={teacherDisplayName}
      teacherName={teacherName}
      continueCard={next ? <ContinueCard item={next} percent={percent} /> : null}
      firstSteps={<FirstStepsCard signedIn={signedIn} initial={firstSteps} />}
    />
  );
}
