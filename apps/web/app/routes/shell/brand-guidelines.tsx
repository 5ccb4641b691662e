import { BrandGuidelinesPage, brandGuidelinesSeo } from '../../features/pages/brand-guidelines';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/brand-guidelines';

export const meta: Route.MetaFunction = ({ matches }) => seoMeta({ ...brandGuidelinesSeo, path: '/brand-guidelines', matches });

export default function Page() {
  const { teacherDisplayName } = useRootData();
  return <BrandGuidelinesPage name={teacherDisplayName} />;
}
