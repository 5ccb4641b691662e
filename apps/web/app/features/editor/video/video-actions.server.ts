import type { EditorVideo } from '@fretline/contract';
import { splitForm, type EditorEntity } from '../form-kit/form-actions.server';
import { videoKind } from './video-kind';

/**
 * A video: its fields (their names are the API's bracket keys), then its places in courses. A new
 * video with no course skips that call.
 */
export const videoEntity: EditorEntity<EditorVideo, URLSearchParams> = {
  ...videoKind,
  path: '/videos/editor/videos',
  idOf: (video) => video.id_video,
  splitForm(form) {
    const { intent, main, parts } = splitForm(form, ['courses'] as const);
    return { intent, fields: main, lists: parts.courses };
  },
  saveLists: {
    async save(api, idVideo, courses, isNew) {
      if (isNew && ![...courses.keys()].length) return;
      await api.put(`/videos/editor/videos/${idVideo}/courses`, courses);
    },
    failed: 'The video was saved, but not its courses',
  },
  statusFailed: 'Saved as a draft, but not published',
  summaryNamesFields: true,
};
