import type { CourseSummary, SubscriptionProduct, VideoSummary } from '@fretline/contract';
import { HomePage, homeSeo, type HomeData } from '../../features/content/home';
import { getServerApi } from '../../lib/api.server';
import { rootDataFromMatches, useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/home';

/** Each section's data is optional: a failing call hides its section rather than the page. */
export async function loader({ request }: Route.LoaderArgs): Promise<HomeData> {
  const api = getServerApi(request);
  const [courses, videos, product] = await Promise.allSettled([
    api.get<{ courses: CourseSummary[] }>('/videos/courses'),
    api.get<{ videos: VideoSummary[]; total: number }>('/videos/videos', { limit: 8, order: '-video_created' }),
    api.get<{ subscription_product: SubscriptionProduct }>('/finance/subscription-products/slug/access-all-areas'),
  ]);
  return {
    courses:
      courses.status === 'fulfilled'
        ? [...(courses.value.courses ?? [])].sort((a, b) => a.course_order - b.course_order).slice(0, 8)
        : [],
    videos: videos.status === 'fulfilled' ? (videos.value.videos ?? []).slice(0, 8) : [],
    product: product.status === 'fulfilled' ? (product.value.subscription_product ?? null) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ ...homeSeo(rootDataFromMatches(matches).teacherDisplayName), path: '/', matches });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { user, teacherDisplayName, teacherName } = useRootData();
  return <HomePage {...loaderData} user={user} name={teacherDisplayName} teacherName={teacherName} />;
}
