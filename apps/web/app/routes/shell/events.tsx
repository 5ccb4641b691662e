import { EventsPage, eventsSeo } from '../../features/pages/events';
import { rootDataFromMatches, useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/events';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { teacherDisplayName } = rootDataFromMatches(matches);
  return seoMeta({ ...eventsSeo(teacherDisplayName), path: '/events', matches });
};

export default function Page() {
  const { teacherDisplayName } = useRootData();
  return <EventsPage name={teacherDisplayName} />;
}
