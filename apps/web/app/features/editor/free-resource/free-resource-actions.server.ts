import type { EditorFreeResource } from '@fretline/contract';
import { splitForm, type EditorEntity } from '../form-kit/form-actions.server';

/** A free download: its fields only. */
export const freeResourceEntity: EditorEntity<EditorFreeResource> = {
  noun: 'free resource',
  path: '/videos/editor/free-resources',
  answerKey: 'resource',
  listPage: '/staff/content/free-resources',
  publishedKey: 'resource_published',
  idOf: (resource) => resource.id_free_resource,
  splitForm(form) {
    const { intent, main } = splitForm(form, [] as const);
    return { intent, fields: main, lists: undefined };
  },
};
