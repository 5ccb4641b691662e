import { index, route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// Home, content pages (product.md#pages), SEO resources and the catch-all 404. /cookies (route name
// `cookies`) is the web platform's cookie settings page.
export const shellRoutes: AreaRoutes = {
  main: [
    index('routes/shell/home.tsx'),
    route('terms', 'routes/shell/terms.tsx'),
    route('privacy', 'routes/shell/privacy.tsx'),
    route('features', 'routes/shell/features.tsx'),
    route('brand-guidelines', 'routes/shell/brand-guidelines.tsx'),
    route('signature-products', 'routes/shell/signature-products.tsx'),
    route('free-christmas-mini-songbook', 'routes/shell/free-christmas-mini-songbook.tsx'),
    route('donations', 'routes/shell/donations.tsx'),
    route('events', 'routes/shell/events.tsx'),
    route('cookies', 'routes/shell/cookies.tsx', { id: 'cookies' }),
    // /about-{name} and /{name}-guitar-app: React Router segments are whole, so one dynamic
    // segment is matched against TEACHER_NAME in the loader.
    route(':teacherPage', 'routes/shell/teacher-page.tsx', { id: 'teacher-page' }),
    route('*', 'routes/shell/not-found.tsx', { id: 'not-found' }),
  ],
  bare: [
    route('sitemap.xml', 'routes/shell/sitemap.xml.ts'),
    route('robots.txt', 'routes/shell/robots.txt.ts'),
    route('manifest.webmanifest', 'routes/shell/manifest.webmanifest.ts'),
  ],
};
