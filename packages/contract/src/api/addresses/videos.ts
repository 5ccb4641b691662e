import type { CallAddress } from '../call.ts';

/** The videos calls' addresses (see ../call.ts); their schemas are in ../schemas/videos.ts. */
export const videosAddresses = {
  // Checked in production too: course and video responses must parse (docs/product.md).
  'videos.listCourses': { method: 'GET', path: '/videos/courses', checked: true },
  'videos.getCourse': { method: 'GET', path: '/videos/courses/:courseSlug', checked: true },
  'videos.listVideos': { method: 'GET', path: '/videos/videos', checked: true },
  'videos.getVideo': { method: 'GET', path: '/videos/videos/:videoSlug', checked: true },
  'videos.recordProgress': { method: 'PATCH', path: '/videos/videos/:videoSlug', checked: true },
  'videos.listSaved': { method: 'GET', path: '/videos/saved', checked: true },
  'videos.saveVideo': { method: 'POST', path: '/videos/saved', checked: true },
} as const satisfies Record<string, CallAddress>;
