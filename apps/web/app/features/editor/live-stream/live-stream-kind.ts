import type { EntryKind } from '../form-kit/entry-kind';

export const liveStreamKind = {
  noun: 'live stream',
  prefix: 'stream',
  listPage: '/staff/content/live',
  listLabel: 'Live streams',
  publicPath: '/live',
  draftPreview: false,
  publicWhere: 'on /live',
} as const satisfies EntryKind<'stream'>;
