/**
 * /welcome after sign-up (product.md#pages): the way back to the page the visitor signed up from (a premium
 * lesson, /membership…), named by its title when the page has one.
 */
export interface WelcomeReturn {
  to: string;
  label: string;
}

/** The kind of page a return route is, and its slug for those with a title to look up. */
export function returnRouteKind(route: string): { kind: 'video' | 'course'; slug: string } | { kind: 'other' } {
  const pathname = route.split(/[?#]/)[0]!;
  const match = /^\/(videos|courses)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return { kind: 'other' };
  return { kind: match[1] === 'videos' ? 'video' : 'course', slug: decodeURIComponent(match[2]!) };
}

/** The button's words: "Continue to {page}", or a plain way back when the page has no name. */
export function welcomeReturnLabel(route: string, title?: string | null): string {
  if (title) return `Continue to ${title}`;
  const pathname = route.split(/[?#]/)[0]!.replace(/\/+$/, '');
  if (pathname === '/membership') return 'Continue to the membership';
  if (pathname.startsWith('/videos/')) return 'Continue to the lesson';
  if (pathname.startsWith('/courses/')) return 'Continue to the course';
  return 'Continue where you left off';
}
