import type { EntryKind } from '../form-kit/entry-kind';

/** A free download has no page of its own: it is listed on /free-resources. */
export const freeResourceKind = {
  noun: 'free resource',
  prefix: 'resource',
  listPage: '/staff/content/free-resources',
  listLabel: 'Free resources',
  publicPath: null,
  listedAt: '/free-resources',
  slugHint: 'Names the resource in links and reports. Lowercase letters, numbers and hyphens.',
  draftPreview: false,
  publicWhere: 'on /free-resources',
} as const satisfies EntryKind<'resource'>;
