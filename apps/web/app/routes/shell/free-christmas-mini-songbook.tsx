import { ChristmasSongbookPage, christmasSongbookSeo } from '../../features/pages/christmas-songbook';

import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/free-christmas-mini-songbook';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ ...christmasSongbookSeo, path: '/free-christmas-mini-songbook', matches });

export default function Page() {
  return <ChristmasSongbookPage />;
}
