import { MEMBERSHIP_PRODUCT_SLUG, TOKEN_COOKIE_NAME } from '@fretline/contract';
import { catalogueLessonCount, HomePage, homeSeo, type HomeData } from '../../features/pages/home';
import { getServerApi } from '../../lib/api.server';
import { readRequestCookie } from '../../lib/cookies';
import { rootDataFromMatches, useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/home';

/** Each section's data is optional: a failing call hides its section rather than the page. */
export async function loader({ request }: Route.LoaderArgs): Promise<HomeData> {
  const api = getServerApi(request);
  const [courses, videos, product, current] = await Promise.allSettled([
    api.call('videos.listCourses'),
    api.call('videos.listVideos', { limit: 8, order: '-video_created' }),
    api.call('finance.getProduct', { params: { slug: MEMBERSHIP_PRODUCT_SLUG } }),
    // A visitor has no course of their own: no call to make.
    readRequestCookie(request, TOKEN_COOKIE_NAME) ? api.call('videos.getCurrentCourse') : Promise.resolve({ course: null }),
  ]);
  return {
    courses:
      courses.status === 'fulfilled'
        ? [...(courses.value.courses ?? [])].sort((a, b) => a.course_order - b.course_order).slice(0, 8)
        : [],
    videos: videos.status === 'fulfilled' ? (videos.value.videos ?? []).slice(0, 8) : [],
    product: product.status === 'fulfilled' ? (product.value.subscription_product ?? null) : null,
    currentCourse: current.status === 'fulfilled' ? (current.value.course ?? null) : null,
    lessonCount: videos.status === 'fulfilled' ? catalogueLessonCount(videos.value.facets) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ ...homeSeo(rootDataFromMatches(matches).teacherDisplayName), path: '/', matches });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { user, teacherDisplayName, teacherName } = useRootData();
  return <HomePage {...loaderData} user={user} name={teacherDisplayName} teacherName={teacherName} />;
}
