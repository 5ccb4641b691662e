import type { EditorFreeResource } from '@fretline/contract';
import { splitForm, type EditorEntity } from '../form-kit/form-actions.server';
import { freeResourceKind } from './free-resource-kind';

/** A free download: its fields only. */
export const freeResourceEntity: EditorEntity<EditorFreeResource> = {
  ...freeResourceKind,
  calls: {
    get: 'editor.getFreeResource',
    create: 'editor.createFreeResource',
    update: 'editor.updateFreeResource',
    setPublished: 'editor.setFreeResourcePublished',
    delete: 'editor.deleteFreeResource',
  },
  idParam: 'idFreeResource',
  idOf: (resource) => resource.id_free_resource,
  splitForm(form) {
    const { intent, main } = splitForm(form, [] as const);
    return { intent, fields: main, lists: undefined };
  },
};
