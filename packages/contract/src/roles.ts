/** The roles and the groups that are checked for staff actions (product.md#roles). */
export const ROLES = ['Superadmin', 'Admin', 'Director', 'Staff', 'Editor', 'Guest'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_GROUPS = {
  Admin: ['Superadmin', 'Admin'],
  Director: ['Superadmin', 'Admin', 'Director'],
  Staff: ['Superadmin', 'Admin', 'Director', 'Staff'],
  Editor: ['Superadmin', 'Admin', 'Director', 'Editor'],
  Guest: ['Guest'],
} as const satisfies Record<string, readonly Role[]>;
export type RoleGroup = keyof typeof ROLE_GROUPS;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Whether someone holding `roles` belongs to `group`. */
export function hasRoleGroup(roles: readonly string[], group: RoleGroup): boolean {
  const allowed: readonly string[] = ROLE_GROUPS[group];
  return roles.some((r) => allowed.includes(r));
}
