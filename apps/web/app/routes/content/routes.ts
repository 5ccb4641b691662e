import { route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// Issue 7 content editing, inside the staff console (layouts/staff.tsx). Each page checks the
// spec §6 Editor group itself; the API checks it again on every call (ADR 0037).
export const contentRoutes: AreaRoutes = {
  staff: [
    // Videos
    route('staff/content/videos', 'routes/content/videos.tsx', { id: 'staff-content-videos' }),
    route('staff/content/videos/new', 'routes/content/video-new.tsx', { id: 'staff-content-videos-new' }),
    route('staff/content/videos/:idVideo', 'routes/content/video-edit.tsx', { id: 'staff-content-videos-idVideo' }),
    // Courses, live streams, free resources
    route('staff/content/courses', 'routes/content/courses.tsx', { id: 'staff-content-courses' }),
    route('staff/content/courses/new', 'routes/content/course-new.tsx', { id: 'staff-content-courses-new' }),
    route('staff/content/courses/:idCourse', 'routes/content/course-edit.tsx', { id: 'staff-content-courses-idCourse' }),
    route('staff/content/live', 'routes/content/live-streams.tsx', { id: 'staff-content-live' }),
    route('staff/content/live/new', 'routes/content/live-new.tsx', { id: 'staff-content-live-new' }),
    route('staff/content/live/:idLiveStream', 'routes/content/live-edit.tsx', { id: 'staff-content-live-idLiveStream' }),
    route('staff/content/free-resources', 'routes/content/free-resources.tsx', { id: 'staff-content-free-resources' }),
    route('staff/content/free-resources/new', 'routes/content/free-resource-new.tsx', {
      id: 'staff-content-free-resources-new',
    }),
    route('staff/content/free-resources/:idFreeResource', 'routes/content/free-resource-edit.tsx', {
      id: 'staff-content-free-resources-idFreeResource',
    }),
  ],
};
