import { useEffect } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import {
  CurrentUserSchema,
  ERROR_PAGE_DEFAULT_MESSAGE,
  isHostileUrl,
  NOT_FOUND_HEADING,
  NOT_FOUND_PAGE_TITLE,
  parseSharedAudience,
  SERVER_ERROR_HEADING,
  SHARED_AUDIENCE_HEADER,
  sharedAudienceUser,
  TOKEN_COOKIE_NAME,
} from '@fretline/contract';
import { SiteFrame } from './components/layout/site-frame';
import { LinkButton } from './components/ui/link-button';
import { Container } from './components/ui/container';
import { ConsentBanner } from './features/consent/consent-banner';
import { recordAction } from './lib/analytics';
import { api, setSessionHeld } from './lib/api.client';
import { AppBehaviour, usePageLoadActions, useReportBoundaryError } from './lib/app-behaviour';
import { useChunkFailure } from './lib/route-chunk-guard';
import { fetchCurrentUser } from './lib/api.server';
import { readRequestCookie } from './lib/cookies';
import { readWebConfig, siteUrlFor } from './lib/config.server';
import { readConsent } from './lib/consent.server';
import { readFlags } from './lib/flags.server';
import { displayTeacherName, setPersonalUser, useRootData, VISITOR, type RootData } from './lib/root-data';
import type { Route } from './+types/root';
// The whole stylesheet inline in every page's head (ADR 0056): on a phone a separate stylesheet
// costs a round trip before the first paint, and compressed it is about 11 KB.
import appCss from './app.css?inline';
// Only the server bundle carries the stylesheet: the browser takes it back from the page it was
// served in, so a client render (hydration, or a recovery from a hydration mismatch, which
// re-creates the document) writes the same text, and the client's JavaScript is 11 KB lighter (ADR 0056).
const CRITICAL_CSS_ID = 'critical-css';
const criticalCss = import.meta.env.SSR ? appCss : (document.getElementById(CRITICAL_CSS_ID)?.textContent ?? '');

/** The analytics action of the error page (product.md#pages), named like the contract's ANALYTICS_ACTIONS. */
const NOT_FOUND_ACTION = 'not_found';
/** The error page's heading when the page's address holds a value the site refuses (a 400). */
const BAD_REQUEST_HEADING = '400 Bad Request';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/**
 * A control character or an undecodable path names no page: the 404 page, before any loader runs,
 * not the 500 page a page's own loader would reach when the API refuses the value (ADR 0047).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request }) => {
    if (isHostileUrl(new URL(request.url))) throw data(null, { status: 404 });
  },
];

/**
 * The current user (visitor when signed out or when the API cannot answer: a page must still
 * render), and site-wide settings every page needs.
 */
export async function loader({ request }: Route.LoaderArgs) {
  let user = VISITOR;
  // A page shared by a class of learners (ADR 0056) is rendered for the class: the browser asks who they are.
  const audience = parseSharedAudience(request.headers.get(SHARED_AUDIENCE_HEADER));
  if (audience) user = sharedAudienceUser(audience);
  // Without a token cookie the answer can only be the visitor (product.md#roles): no call on their pages.
  else if (readRequestCookie(request, TOKEN_COOKIE_NAME)) {
    try {
      const me = await fetchCurrentUser(request);
      const parsed = CurrentUserSchema.safeParse(me.user);
      if (parsed.success) user = parsed.data;
    } catch {
      // The API is down or answered an error: the page renders for a visitor rather than failing.
    }
  }
  const { teacherName } = readWebConfig();
  const siteUrl = siteUrlFor(request);
  // Flags are assigned on the first visit and kept in a cookie (ADR 0006; product.md#entities, #states).
  const { flags, setCookie } = readFlags(request);
  const rootData: RootData = {
    user,
    userPending: audience !== null,
    siteUrl,
    teacherName,
    teacherDisplayName: displayTeacherName(teacherName),
    flags,
    consent: readConsent(request),
  };
  return data(rootData, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

/** Pages without their own meta, and the error page (product.md#pages: a 404 is titled 'Page Not Found'). */
export const meta: Route.MetaFunction = ({ error }) => {
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const title = status === 404 ? NOT_FOUND_PAGE_TITLE : status === 400 ? 'Bad Request | Fretline' : 'Server Error | Fretline';
    return [{ title }, { name: 'robots', content: 'noindex' }];
  }
  return [{ title: 'Fretline: guitar lessons' }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ea580c" />
        <Meta />
        <style id={CRITICAL_CSS_ID} dangerouslySetInnerHTML={{ __html: criticalCss }} />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-ink-900 antialiased">
        {children}
        <ConsentBanner />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { user, userPending } = useRootData();
  // The browser API client sends users to /login on a 401 only while someone is signed in.
  useEffect(() => setSessionHeld(user.id_user !== null), [user.id_user]);
  // A page shared by a class of learners (ADR 0056) learns who is reading it after hydration.
  useEffect(() => {
    if (!userPending) return;
    let current = true;
    api
      .call('auth.getMe', { cancelKey: false })
      .then(({ user: person }) => current && setPersonalUser(person))
      .catch(() => undefined); // the header keeps its neutral letter; the next load asks again
    return () => {
      current = false;
    };
  }, [userPending]);
  // A route chunk that failed to load again within the reload guard's ttl (lib/route-chunk-guard.ts).
  const chunkFailure = useChunkFailure();
  return (
    <>
      <AppBehaviour />
      {chunkFailure ? <ErrorPage error={chunkFailure} /> : <Outlet />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The error page replaces App (and its AppBehaviour): it records its page load like any page (product.md#pages).
  usePageLoadActions();
  return <ErrorPage error={error} />;
}

/** Error page (product.md#pages): '404 Not Found' or '500 Server Error', with the spec's default message. */
function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A page's URL the API refused (refusedQuery): the API's own words, so the visitor can fix the address.
  const refused = isRouteErrorResponse(error) && error.status === 400 && typeof error.data === 'string' ? error.data : null;
  const { pathname } = useLocation();
  useReportBoundaryError(error);
  useEffect(() => {
    // The error page records a not-found action with the path (sent once consent allows; product.md#pages).
    if (notFound) recordAction(NOT_FOUND_ACTION, { path: pathname });
  }, [notFound, pathname]);

  return (
    <SiteFrame>
      <Container width="narrow" className="py-20 text-center sm:py-28">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {notFound ? NOT_FOUND_HEADING : refused ? BAD_REQUEST_HEADING : SERVER_ERROR_HEADING}
        </h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-stone-600">{refused ?? ERROR_PAGE_DEFAULT_MESSAGE}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <LinkButton to="/">Back to the home page</LinkButton>
          <LinkButton to="/helpdesk" variant="secondary">
            Contact support
          </LinkButton>
        </div>
      </Container>
    </SiteFrame>
  );
}
