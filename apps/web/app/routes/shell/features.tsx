import { FeaturesPage, featuresSeo } from '../../features/pages/features';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/features';

export const meta: Route.MetaFunction = ({ matches }) => seoMeta({ ...featuresSeo, path: '/features', matches });

export default function Page() {
  const { teacherDisplayName } = useRootData();
  return <FeaturesPage name={teacherDisplayName} />;
}
