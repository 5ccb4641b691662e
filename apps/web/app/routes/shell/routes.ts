import { index } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// Home, content pages, legacy redirects' landing pages, sitemap and robots.
export const shellRoutes: AreaRoutes = {
  main: [index('routes/shell/home.tsx')],
};
