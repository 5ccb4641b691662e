import type { CallAddress } from '../call.ts';

/**
 * The editor calls' addresses (see ../call.ts): the Editor group's content editing under
 * /videos/editor (ADR 0037); their schemas are in ../schemas/editor.ts.
 */
export const editorAddresses = {
  // One file as the raw request body (ADR 0039): the browser sends it itself, to show progress.
  'editor.uploadMedia': { method: 'POST', path: '/videos/editor/uploads' },
  // ADR 0068: the media library the form pickers choose from.
  'editor.listMedia': { method: 'GET', path: '/videos/editor/media' },

  'editor.listVideos': { method: 'GET', path: '/videos/editor/videos' },
  'editor.getVideoOptions': { method: 'GET', path: '/videos/editor/videos/options' },
  'editor.getVideo': { method: 'GET', path: '/videos/editor/videos/:idVideo' },
  'editor.createVideo': { method: 'POST', path: '/videos/editor/videos' },
  'editor.updateVideo': { method: 'PUT', path: '/videos/editor/videos/:idVideo' },
  'editor.setVideoPublished': { method: 'PUT', path: '/videos/editor/videos/:idVideo/published' },
  'editor.setVideoCourses': { method: 'PUT', path: '/videos/editor/videos/:idVideo/courses' },
  'editor.deleteVideo': { method: 'DELETE', path: '/videos/editor/videos/:idVideo' },
  // ADR 0057: processing the uploaded file again after it failed.
  'editor.retryVideoStream': { method: 'POST', path: '/videos/editor/videos/:idVideo/stream/retry' },
  'editor.getVideoSchedule': { method: 'GET', path: '/videos/editor/videos/:idVideo/schedule' },
  'editor.previewVideo': { method: 'GET', path: '/videos/editor/videos/:idVideo/preview' },
  'editor.scheduleVideo': { method: 'PUT', path: '/videos/editor/videos/:idVideo/schedule' },
  // ADR 0085: a lesson's WebVTT captions, one file per language.
  'editor.listVideoCaptions': { method: 'GET', path: '/videos/editor/videos/:idVideo/captions' },
  'editor.putVideoCaption': { method: 'PUT', path: '/videos/editor/videos/:idVideo/captions/:language' },
  'editor.deleteVideoCaption': { method: 'DELETE', path: '/videos/editor/videos/:idVideo/captions/:language' },
  // ADR 0077: when each chord starts, tapped while the preview plays.
  'editor.getChordTimeline': { method: 'GET', path: '/videos/editor/videos/:idVideo/chord-timeline' },
  'editor.setChordTimeline': { method: 'PUT', path: '/videos/editor/videos/:idVideo/chord-timeline' },
  // ADR 0088: the lesson's score file and the bars tapped to the video.
  'editor.getVideoScore': { method: 'GET', path: '/videos/editor/videos/:idVideo/score' },
  'editor.putVideoScore': { method: 'PUT', path: '/videos/editor/videos/:idVideo/score' },
  'editor.deleteVideoScore': { method: 'DELETE', path: '/videos/editor/videos/:idVideo/score' },
  'editor.setScoreSync': { method: 'PUT', path: '/videos/editor/videos/:idVideo/score/sync' },

  'editor.listCourses': { method: 'GET', path: '/videos/editor/courses' },
  'editor.getCourse': { method: 'GET', path: '/videos/editor/courses/:idCourse' },
  'editor.createCourse': { method: 'POST', path: '/videos/editor/courses' },
  'editor.setCourseOrder': { method: 'PUT', path: '/videos/editor/courses/order' },
  'editor.updateCourse': { method: 'PUT', path: '/videos/editor/courses/:idCourse' },
  'editor.setCourseEntries': { method: 'PUT', path: '/videos/editor/courses/:idCourse/entries' },
  'editor.setCourseTestimonials': { method: 'PUT', path: '/videos/editor/courses/:idCourse/testimonials' },
  'editor.setCoursePublished': { method: 'PUT', path: '/videos/editor/courses/:idCourse/published' },
  'editor.deleteCourse': { method: 'DELETE', path: '/videos/editor/courses/:idCourse' },

  'editor.listLiveStreams': { method: 'GET', path: '/videos/editor/live-streams' },
  'editor.getLiveStream': { method: 'GET', path: '/videos/editor/live-streams/:idLiveStream' },
  'editor.createLiveStream': { method: 'POST', path: '/videos/editor/live-streams' },
  'editor.updateLiveStream': { method: 'PUT', path: '/videos/editor/live-streams/:idLiveStream' },
  'editor.setLiveStreamPublished': { method: 'PUT', path: '/videos/editor/live-streams/:idLiveStream/published' },
  'editor.deleteLiveStream': { method: 'DELETE', path: '/videos/editor/live-streams/:idLiveStream' },
  'editor.regenerateLiveStreamKey': { method: 'POST', path: '/videos/editor/live-streams/:idLiveStream/key' },
  'editor.listLiveQuestions': { method: 'GET', path: '/videos/editor/live-streams/:idLiveStream/questions' },
  'editor.answerLiveQuestion': {
    method: 'POST',
    path: '/videos/editor/live-streams/:idLiveStream/questions/:idLiveQuestion/answer',
  },

  'editor.listFreeResources': { method: 'GET', path: '/videos/editor/free-resources' },
  'editor.getFreeResource': { method: 'GET', path: '/videos/editor/free-resources/:idFreeResource' },
  'editor.createFreeResource': { method: 'POST', path: '/videos/editor/free-resources' },
  'editor.setFreeResourceOrder': { method: 'PUT', path: '/videos/editor/free-resources/order' },
  'editor.updateFreeResource': { method: 'PUT', path: '/videos/editor/free-resources/:idFreeResource' },
  'editor.setFreeResourcePublished': {
    method: 'PUT',
    path: '/videos/editor/free-resources/:idFreeResource/published',
  },
  'editor.deleteFreeResource': { method: 'DELETE', path: '/videos/editor/free-resources/:idFreeResource' },
} as const satisfies Record<string, CallAddress>;
