import type { EntryKind } from '../form-kit/entry-kind';

export const courseKind = {
  noun: 'course',
  prefix: 'course',
  listPage: '/staff/content/courses',
  listLabel: 'Courses',
  publicPath: '/courses',
  draftPreview: true,
  publicWhere: 'on /courses',
} as const satisfies EntryKind<'course'>;
