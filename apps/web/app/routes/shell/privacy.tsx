import { PrivacyPage, privacySeo } from '../../features/pages/privacy';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = ({ matches }) => seoMeta({ ...privacySeo, path: '/privacy', matches });

export default function Page() {
  const { teacherDisplayName } = useRootData();
  return <PrivacyPage name={teacherDisplayName} />;
}
