import { getServerApi } from '../../lib/api.server';
import { readRequestCookie } from '../../lib/cookies';
import { isStorableReturnRoute, RETURN_COOKIE, returnRouteFrom } from '../../lib/return-route';
import { readReturnRoute } from '../../lib/return-route.server';
import { returnRouteKind, welcomeReturnLabel, type WelcomeReturn } from './welcome-return';

/** After sign-in: the saved return route (product.md#pages), or the account page when none was saved. */
export function returnRouteOf(request: Request): string {
  return readRequestCookie(request, RETURN_COOKIE) ? readReturnRoute(request) : '/me';
}

/**
 * /welcome (product.md#pages): sign-up keeps the return route, so the page offers the way back to it. The
 * home page and the account page need no button; the title is looked up for lessons and courses.
 */
export async function findWelcomeReturn(request: Request): Promise<WelcomeReturn | null> {
  if (!readRequestCookie(request, RETURN_COOKIE)) return null;
  const to = readReturnRoute(request);
  if (to === '/' || to.startsWith('/welcome') || to === '/me') return null;
  return describeReturn(request, to);
}

/**
 * Where /membership sends a learner back to once the trial starts (ADR 0082): the locked lesson (or
 * course) they came from, named by its title; null for anything else or a route that could leave the site.
 */
export async function findTrialReturn(request: Request): Promise<WelcomeReturn | null> {
  const to = new URL(request.url).searchParams.get('back');
  if (!isStorableReturnRoute(to) || returnRouteKind(to).kind === 'other') return null;
  return describeReturn(request, returnRouteFrom(to));
}

async function describeReturn(request: Request, to: string): Promise<WelcomeReturn> {
  const page = returnRouteKind(to);
  let title: string | null = null;
  if (page.kind !== 'other') {
    const client = getServerApi(request);
    // A page that no longer exists still gets a plain way back; its own 404 says the rest.
    title = await (
      page.kind === 'video'
        ? client.call('videos.getVideo', { params: { videoSlug: page.slug } }).then((r) => r.video.video_title)
        : client.call('videos.getCourse', { params: { courseSlug: page.slug } }).then((r) => r.course.course_title)
    ).catch(() => null);
  }
  return { to, label: welcomeReturnLabel(to, title) };
}
