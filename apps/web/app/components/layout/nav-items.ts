/** The site's main sections (product.md#pages), shown in the header and the mobile menu. */
export interface NavItem {
  label: string;
  to: string;
  /** Links the server answers with a redirect (the shop) are plain anchors, not client routes. */
  external?: boolean;
}

export const MAIN_NAV: NavItem[] = [
  { label: 'Videos', to: '/videos' },
  { label: 'Courses', to: '/courses' },
  { label: 'Practice', to: '/practice' },
  { label: 'Live', to: '/live' },
  { label: 'Free resources', to: '/free-resources' },
  { label: 'Membership', to: '/membership' },
  { label: 'Shop', to: '/shop', external: true },
  { label: 'Help', to: '/helpdesk' },
];

/** The one section a phone's header shows beside the menu, so the practice tools are one tap away. */
export const PHONE_SHORTCUT: NavItem = { label: 'Practice', to: '/practice' };

/** The signed-in user's own pages (account menu). */
export const ACCOUNT_NAV: NavItem[] = [
  { label: 'Account', to: '/me' },
  { label: 'My List', to: '/my-list' },
  { label: 'Messages', to: '/messages' },
];
