import { TermsPage, termsSeo } from '../../features/pages/terms';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ matches }) => seoMeta({ ...termsSeo, path: '/terms', matches });

export default function Page() {
  const { teacherDisplayName } = useRootData();
  return <TermsPage name={teacherDisplayName} />;
}
