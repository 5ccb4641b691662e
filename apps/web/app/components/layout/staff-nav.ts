import { hasRoleGroup, type RoleGroup } from '@fretline/contract';

/** One entry of the staff console's side navigation; shown to holders of any listed group. */
export interface StaffNavItem {
  label: string;
  to: string;
  /** The role groups (product.md#roles) that may see the entry. */
  groups: RoleGroup[];
}

/**
 * The staff console's sections, in display order. Each area that adds a staff page adds its entry
 * here (one line), e.g. `{ label: 'Inbox', to: '/staff/inbox', groups: ['Staff'] }`.
 */
const STAFF_NAV: StaffNavItem[] = [
  { label: 'Inbox', to: '/staff/inbox', groups: ['Staff'] },
  { label: 'Saved replies', to: '/staff/saved-replies', groups: ['Staff'] },
  { label: 'Members', to: '/staff/members', groups: ['Staff'] },
  { label: 'Mailers', to: '/staff/mailers', groups: ['Staff'] },
  { label: 'Videos', to: '/staff/content/videos', groups: ['Editor'] },
  { label: 'Courses', to: '/staff/content/courses', groups: ['Editor'] },
  // Editors schedule them; the Staff group runs them too (the key is theirs, ADR 0063).
  { label: 'Live streams', to: '/staff/content/live', groups: ['Editor', 'Staff'] },
  { label: 'Free resources', to: '/staff/content/free-resources', groups: ['Editor'] },
  { label: 'Analytics', to: '/staff/analytics', groups: ['Director'] },
  { label: 'Retention offer', to: '/staff/retention-offer', groups: ['Director'] },
  { label: 'Coupon codes', to: '/staff/coupons', groups: ['Director'] },
  { label: 'Audit log', to: '/staff/audit', groups: ['Staff'] },
];

/** The console is for the Staff and Editor groups (product.md#roles); each page checks its own group. */
export function canOpenStaffConsole(roles: readonly string[]): boolean {
  return hasRoleGroup(roles, 'Staff') || hasRoleGroup(roles, 'Editor');
}

export function staffNavFor(roles: readonly string[]): StaffNavItem[] {
  return STAFF_NAV.filter((item) => item.groups.some((g) => hasRoleGroup(roles, g)));
}
