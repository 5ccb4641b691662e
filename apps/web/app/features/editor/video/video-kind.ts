import type { EntryKind } from '../form-kit/entry-kind';

export const videoKind = {
  noun: 'video',
  prefix: 'video',
  listPage: '/staff/content/videos',
  listLabel: 'Videos',
  publicPath: '/videos',
  draftPreview: true,
  publicWhere: 'on /videos',
} as const satisfies EntryKind<'video'>;
