import { render } from '@testing-library/react';
import type { ApiTestServer } from './api-server';
import {
  createMemoryRouter,
  RouterProvider,
  useActionData,
  useLoaderData,
  useMatches,
  useParams,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';

/**
 * A route module as the app's route files export it: loader, action, component (Route.* typed).
 * Typed loosely here (`never` arguments) so any route module fits.
 */
export interface PageModule {
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
  /** Kept as the app keeps it: a draft's autosave does not re-read the page (ADR 0061). */
  shouldRevalidate?: ShouldRevalidateFunction;
  default: (props: never) => React.ReactNode;
}

export interface PageRoute {
  path: string;
  module: PageModule;
  /** The route id when a component looks itself up (`useRouteLoaderData`). */
  id?: string;
  /** Routes rendered in this one's `<Outlet />` (e.g. pages under the app's root route). */
  children?: PageRoute[];
}

/** What React Router gives a route module's component (Route.ComponentProps). */
interface PageProps {
  loaderData: unknown;
  actionData: unknown;
  params: Record<string, string | undefined>;
  matches: unknown[];
}

function RoutePage({ module }: { module: PageModule }) {
  const props: PageProps = {
    loaderData: useLoaderData(),
    actionData: useActionData(),
    params: useParams(),
    matches: useMatches(),
  };
  const Page = module.default as (props: PageProps) => React.ReactNode;
  return <Page {...props} />;
}

/**
 * The request a loader or action receives from the web server: the page's URL and the browser's
 * cookies, as the browser sends them with a document or data request (the memory router's own
 * requests carry no cookies).
 */
async function asPageRequest(server: ApiTestServer, request: Request): Promise<Request> {
  const url = new URL(request.url);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return server.pageRequest(`${url.pathname}${url.search}`, {
    method: request.method,
    body: hasBody ? await request.arrayBuffer() : undefined,
    contentType: request.headers.get('content-type') ?? undefined,
  });
}

/**
 * Renders route modules in a memory router at `initialPath`, their loaders and actions running as
 * on the web server against the test API, with the page's cookies. Returns the router to follow or
 * drive navigation.
 */
export function renderPages(server: ApiTestServer, routes: PageRoute[], initialPath: string) {
  const toRoute = ({ path, module, id, children }: PageRoute): RouteObject => ({
    path,
    id,
    loader: module.loader
      ? async (args: { request: Request }) =>
          module.loader!({ ...args, request: await asPageRequest(server, args.request) } as never)
      : undefined,
    action: module.action
      ? async (args: { request: Request }) =>
          module.action!({ ...args, request: await asPageRequest(server, args.request) } as never)
      : undefined,
    ...(module.shouldRevalidate ? { shouldRevalidate: module.shouldRevalidate } : {}),
    Component: () => <RoutePage module={module} />,
    HydrateFallback: () => null,
    children: children?.map(toRoute),
  });
  const router = createMemoryRouter(routes.map(toRoute), { initialEntries: [initialPath] });
  render(<RouterProvider router={router} />);
  return router;
}
