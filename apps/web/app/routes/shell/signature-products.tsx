import { SignatureProductsPage, signatureProductsSeo } from '../../features/pages/signature-products';
import { rootDataFromMatches, useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/signature-products';

export const meta: Route.MetaFunction = ({ matches }) => {
  const { teacherDisplayName } = rootDataFromMatches(matches);
  return seoMeta({ ...signatureProductsSeo(teacherDisplayName), path: '/signature-products', matches });
};

export default function Page() {
  const { teacherDisplayName } = useRootData();
  return <SignatureProductsPage name={teacherDisplayName} />;
}
