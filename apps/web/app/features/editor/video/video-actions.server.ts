import type { EditorVideo } from '@fretline/contract';
import { splitForm, type EditorEntity } from '../form-kit/form-actions.server';
import { videoKind } from './video-kind';

/**
 * A video: its fields (their names are the API's bracket keys), then its places in courses. A new
 * video with no course skips that call.
 */
export const videoEntity: EditorEntity<EditorVideo, URLSearchParams> = {
  ...videoKind,
  calls: {
    get: 'editor.getVideo',
    create: 'editor.createVideo',
    update: 'editor.updateVideo',
    setPublished: 'editor.setVideoPublished',
    delete: 'editor.deleteVideo',
  },
  idParam: 'idVideo',
  idOf: (video) => video.id_video,
  splitForm(form) {
    const { intent, main, parts } = splitForm(form, ['courses'] as const);
    return { intent, fields: main, lists: parts.courses };
  },
  saveLists: {
    async save(api, idVideo, courses, isNew) {
      if (isNew && ![...courses.keys()].length) return;
      await api.call('editor.setVideoCourses', { params: { idVideo }, body: courses });
    },
    failed: 'The video was saved, but not its courses',
  },
  statusFailed: 'Saved as a draft, but not published',
  summaryNamesFields: true,
};
