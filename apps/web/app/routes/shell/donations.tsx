import { DonationsPage, donationsSeo } from '../../features/pages/donations';
import { rootDataFromMatches, useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/donations';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { teacherDisplayName } = rootDataFromMatches(matches);
  return seoMeta({ ...donationsSeo(teacherDisplayName), path: '/donations', matches });
};

export default function Page() {
  const { teacherDisplayName } = useRootData();
  return <DonationsPage name={teacherDisplayName} />;
}
