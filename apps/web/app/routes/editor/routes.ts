import { route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// Content editing (ADR 0037), inside the staff console (layouts/staff.tsx). Each page checks the
// Editor group (product.md#roles) itself; the API checks it again on every call (ADR 0037).
export const editorRoutes: AreaRoutes = {
  staff: [
    // Videos
    route('staff/content/videos', 'routes/editor/videos.tsx', { id: 'staff-content-videos' }),
    route('staff/content/videos/new', 'routes/editor/video-new.tsx', { id: 'staff-content-videos-new' }),
    route('staff/content/videos/:idVideo', 'routes/editor/video-edit.tsx', { id: 'staff-content-videos-idVideo' }),
    route('staff/content/videos/:idVideo/preview', 'routes/editor/video-preview.tsx', {
      id: 'staff-content-videos-idVideo-preview',
    }),
    // Courses, live streams, free resources
    route('staff/content/courses', 'routes/editor/courses.tsx', { id: 'staff-content-courses' }),
    route('staff/content/courses/new', 'routes/editor/course-new.tsx', { id: 'staff-content-courses-new' }),
    route('staff/content/courses/:idCourse', 'routes/editor/course-edit.tsx', { id: 'staff-content-courses-idCourse' }),
    route('staff/content/live', 'routes/editor/live-streams.tsx', { id: 'staff-content-live' }),
    route('staff/content/live/new', 'routes/editor/live-new.tsx', { id: 'staff-content-live-new' }),
    route('staff/content/live/:idLiveStream', 'routes/editor/live-edit.tsx', { id: 'staff-content-live-idLiveStream' }),
    route('staff/content/free-resources', 'routes/editor/free-resources.tsx', { id: 'staff-content-free-resources' }),
    route('staff/content/free-resources/new', 'routes/editor/free-resource-new.tsx', {
      id: 'staff-content-free-resources-new',
    }),
    route('staff/content/free-resources/:idFreeResource', 'routes/editor/free-resource-edit.tsx', {
      id: 'staff-content-free-resources-idFreeResource',
    }),
  ],
};
