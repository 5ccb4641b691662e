import { route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// Catalogue routes (route names `videos` and `courses` as the spec names them; product.md#pages).
export const catalogueRoutes: AreaRoutes = {
  main: [
    route('videos', 'routes/catalogue/videos.tsx', { id: 'videos' }),
    route('videos/:videoSlug', 'routes/catalogue/video.tsx', { id: 'videos-videoSlug' }),
    route('courses', 'routes/catalogue/courses.tsx', { id: 'courses' }),
    route('courses/:courseSlug', 'routes/catalogue/course.tsx', { id: 'courses-courseSlug' }),
    route('my-list', 'routes/catalogue/my-list.tsx', { id: 'my-list' }),
    route('live', 'routes/catalogue/live.tsx', { id: 'live' }),
    route('live/:streamSlug', 'routes/catalogue/live-stream.tsx', { id: 'live-streamSlug' }),
    route('free-resources', 'routes/catalogue/free-resources.tsx', { id: 'free-resources' }),
  ],
};
