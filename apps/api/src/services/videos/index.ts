// The videos service's public surface: other services and plugins import only from here.
export { videosRoutes } from './videos.routes.ts';
export { titlesByPath } from './titles.ts';
export { eraseVideosPersonalData } from './erasure.ts';
export { getMemberLearning } from './member-learning.ts';
export { retryFailedTranscode } from './editor/video-streams.service.ts';
export {
  findLessonPosters,
  findMembersOnlyMedia,
  listCourseLearnerIds,
  listCourseTitles,
  listNewLessons,
  searchLessonCards,
} from './mailer-content.ts';
