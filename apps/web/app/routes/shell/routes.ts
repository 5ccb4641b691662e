import { index, route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// Home, content pages, SEO resources and the catch-all 404 (spec §2).
export const shellRoutes: AreaRoutes = {
  main: [index('routes/shell/home.tsx'), route('cookies', 'routes/shell/cookies.tsx', { id: 'cookies' }), route('*', 'routes/shell/not-found.tsx', { id: 'not-found' })],
};
