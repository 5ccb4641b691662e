import type { CallAddress } from '../call.ts';

/** The videos calls' addresses (see ../call.ts); their schemas are in ../schemas/videos.ts. */
export const videosAddresses = {
  // Checked in production too: course and video responses must parse (product.md#validation).
  'videos.listCourses': { method: 'GET', path: '/videos/courses', checked: true },
  'videos.getCourse': { method: 'GET', path: '/videos/courses/:courseSlug', checked: true },
  'videos.listVideos': { method: 'GET', path: '/videos/videos', checked: true },
  'videos.getVideo': { method: 'GET', path: '/videos/videos/:videoSlug', checked: true },
  'videos.recordProgress': { method: 'PATCH', path: '/videos/videos/:videoSlug', checked: true },
  'videos.listSaved': { method: 'GET', path: '/videos/saved', checked: true },
  'videos.saveVideo': { method: 'POST', path: '/videos/saved', checked: true },
  'videos.getCurrentCourse': { method: 'GET', path: '/videos/me/course' },
  'videos.removeSaved': { method: 'DELETE', path: '/videos/saved/:id' },
  'videos.listLiveStreams': { method: 'GET', path: '/videos/live' },
  'videos.getLiveStream': { method: 'GET', path: '/videos/live/:streamSlug' },
  'videos.setLiveStreamReminder': { method: 'PUT', path: '/videos/live/:streamSlug/reminder' },
  'videos.askLiveQuestion': { method: 'POST', path: '/videos/live/:streamSlug/questions' },
  'videos.listMyLiveQuestions': { method: 'GET', path: '/videos/live/:streamSlug/questions' },
  'videos.listFreeResources': { method: 'GET', path: '/videos/free-resources' },
  // The practice player's settings, per person, video and screen class (product.md#practice).
  'videos.getPractice': { method: 'GET', path: '/videos/videos/:videoSlug/practice' },
  'videos.putPractice': { method: 'PUT', path: '/videos/videos/:videoSlug/practice' },
  'videos.getSitemap': { method: 'GET', path: '/videos/sitemap' },
  // The learner's progress and first steps (docs/product.md#learning-progress, ADR 0064).
  'videos.getProgress': { method: 'GET', path: '/videos/me/progress' },
  // The signed-in learner's home (docs/product.md#learners-home): one call for the page.
  'videos.getMyHome': { method: 'GET', path: '/videos/me/home' },
  // What a page shared by the reader's class asks for after hydration (ADR 0056).
  'videos.getMyVideo': { method: 'GET', path: '/videos/me/videos/:videoSlug' },
  'videos.markDone': { method: 'PUT', path: '/videos/videos/:videoSlug/done' },
  'videos.markNotDone': { method: 'DELETE', path: '/videos/videos/:videoSlug/done' },
  'videos.getFirstSteps': { method: 'GET', path: '/videos/me/first-steps' },
  'videos.putFirstSteps': { method: 'PUT', path: '/videos/me/first-steps' },
  'videos.dismissFirstSteps': { method: 'PUT', path: '/videos/me/first-steps/dismissed' },
  'videos.recommendFirstSteps': { method: 'GET', path: '/videos/first-steps/recommendation' },
  // The practice log, One Minute Changes and Chords I know (product.md#practice-log).
  'videos.listPracticeSessions': { method: 'GET', path: '/videos/me/practice-sessions' },
  'videos.logPracticeSession': { method: 'POST', path: '/videos/me/practice-sessions' },
  'videos.updatePracticeSession': { method: 'PUT', path: '/videos/me/practice-sessions/:id' },
  'videos.deletePracticeSession': { method: 'DELETE', path: '/videos/me/practice-sessions/:id' },
  'videos.putPracticeGoal': { method: 'PUT', path: '/videos/me/practice-goal' },
  'videos.getPracticeReminder': { method: 'GET', path: '/videos/me/practice-reminder' },
  'videos.putPracticeReminder': { method: 'PUT', path: '/videos/me/practice-reminder' },
  'videos.listChordChanges': { method: 'GET', path: '/videos/me/chord-changes' },
  'videos.saveChordChanges': { method: 'POST', path: '/videos/me/chord-changes' },
  'videos.getKnownChords': { method: 'GET', path: '/videos/me/chords' },
  'videos.putKnownChords': { method: 'PUT', path: '/videos/me/chords' },
  // A lesson kept for offline practice checks in here (product.md#offline-practice, ADR 0079).
  'videos.getOfflineAllowance': { method: 'GET', path: '/videos/me/offline/:videoSlug' },
} as const satisfies Record<string, CallAddress>;
