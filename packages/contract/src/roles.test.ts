import { describe, expect, it } from 'vitest';
import { hasRoleGroup, isRole } from './roles.ts';

describe('role groups (product.md#roles)', () => {
  it.each([
    ['Admin', ['Superadmin', 'Admin'], ['Director', 'Staff', 'Editor', 'Guest']],
    ['Director', ['Superadmin', 'Admin', 'Director'], ['Staff', 'Editor', 'Guest']],
    ['Staff', ['Superadmin', 'Admin', 'Director', 'Staff'], ['Editor', 'Guest']],
    ['Editor', ['Superadmin', 'Admin', 'Director', 'Editor'], ['Staff', 'Guest']],
    ['Guest', ['Guest'], ['Superadmin', 'Admin', 'Director', 'Staff', 'Editor']],
  ] as const)('the %s group holds exactly its roles', (group, inside, outside) => {
    for (const role of inside) expect(hasRoleGroup([role], group)).toBe(true);
    for (const role of outside) expect(hasRoleGroup([role], group)).toBe(false);
  });

  it('lets a user with no roles into no group', () => {
    expect(hasRoleGroup([], 'Guest')).toBe(false);
  });

  it('recognises only the six roles', () => {
    expect(isRole('Editor')).toBe(true);
    expect(isRole('editor')).toBe(false);
  });
});
