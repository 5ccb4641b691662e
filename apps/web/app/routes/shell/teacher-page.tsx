import { data } from 'react-router';
import { AboutPage, aboutSeo } from '../../features/pages/about';
import { GuitarAppPage, guitarAppSeo } from '../../features/pages/guitar-app';
import { readWebConfig } from '../../lib/config.server';
import { rootDataFromMatches, useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/teacher-page';

type TeacherPage = 'about' | 'app';

/**
 * /about-{name} and /{name}-guitar-app (product.md#pages): one dynamic segment checked against the configured
 * teacher name (TEACHER_NAME); anything else is the 404 page (product.md#pages).
 */
export function loader({ params }: Route.LoaderArgs): { page: TeacherPage } {
  const name = readWebConfig().teacherName;
  if (params.teacherPage === `about-${name}`) return { page: 'about' };
  if (params.teacherPage === `${name}-guitar-app`) return { page: 'app' };
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const { teacherDisplayName } = rootDataFromMatches(matches);
  const seo = loaderData.page === 'about' ? aboutSeo(teacherDisplayName) : guitarAppSeo(teacherDisplayName);
  return seoMeta({ ...seo, path: `/${params.teacherPage}`, matches, type: loaderData.page === 'about' ? 'profile' : 'website' });
};

export default function TeacherPageRoute({ loaderData }: Route.ComponentProps) {
  const { teacherDisplayName } = useRootData();
  return loaderData.page === 'about' ? <AboutPage name={teacherDisplayName} /> : <GuitarAppPage name={teacherDisplayName} />;
}
