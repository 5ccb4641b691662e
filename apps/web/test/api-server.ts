import { asc, eq, tables } from '@fretline/db';
import { createTestApp, createUserWithSession, type TestApp, type TestClock } from '../../api/test/test-app.ts';
import type { Config } from '../../api/src/config.ts';

/**
 * The real API for web tests (ADR 0054): `buildApp` on a fresh database (PGlite, or a new database
 * on TEST_DATABASE_URL), listening on a free loopback port. The happy-dom page is moved to that
 * origin, so the browser client's relative `/api/...` calls go over real HTTP to it, same-origin,
 * with the page's cookies, exactly as in a browser; loaders reach it through API_URL, as on the
 * web server. Nothing of our own client is mocked.
 *
 * Sign-in: the API sets the session token as an HttpOnly `token` cookie. A test cannot set
 * HttpOnly from the page, so `signIn` writes the same cookie through `document.cookie`; the API
 * reads it the same way (ADR 0054 explains why that is the production path in every other
 * respect).
 */
interface TestUser {
  idUser: number;
  token: string;
  email: string;
  idSession: number;
}

export interface ApiTestServer {
  /** `http://127.0.0.1:<port>`: the API, and the page's own origin. */
  origin: string;
  /** The API's database, for seeding and for checking what a page's calls stored. */
  db: TestApp['db'];
  config: Config;
  /** The API's clock: `clock.advance(ms)`. */
  clock: TestClock;
  /** A user with a live session (roles optional), not signed in in the page. */
  createUser(user?: { email?: string; firstName?: string; lastName?: string; roles?: string[] }): Promise<TestUser>;
  /** Creates a user and signs the page in as them (the `token` cookie). */
  signIn(user?: { email?: string; firstName?: string; lastName?: string; roles?: string[] }): Promise<TestUser>;
  /**
   * Starts the API's job worker, as the server runs it (API tests run jobs by hand instead). The
   * sandbox payment provider reports a payment through jobs, as Stripe does through webhooks.
   */
  startJobs(): void;
  /** A membership subscription left as a draft (a checkout that never reached the provider); its id. Needs `seed`. */
  createDraftSubscription(idUser: number): Promise<number>;
  /** The analytics actions the API has stored, oldest first. */
  recordedActions(): Promise<{ name: string; values: { key: string; value: string }[] }[]>;
  /** The client error reports the API has stored, oldest first. */
  recordedErrorReports(): Promise<{ message: string; url: string | null }[]>;
  /** Drops the page's `token` cookie. */
  signOut(): void;
  /** Drops every cookie of the page (consent, correlation, session...): a first visit. */
  clearCookies(): void;
  /**
   * A page request as the web server receives it from this browser: the URL on this origin, the
   * page's cookies in the Cookie header. For calling a route's loader or action.
   */
  pageRequest(path: string, init?: { method?: string; body?: BodyInit; contentType?: string }): Request;
  close(): Promise<void>;
}

/** How often the job worker looks for due jobs here: often, so a test waits little. */
const JOB_POLL_MS = 100;

interface HappyDomWindow {
  happyDOM?: { setURL(url: string): void; abort(): Promise<void> };
}

/** Moves the happy-dom page to `url` (the environment starts on http://localhost:3000). */
function setPageUrl(url: string): void {
  const happyDOM = (window as unknown as HappyDomWindow).happyDOM;
  if (!happyDOM) throw new Error('The web test server needs the happy-dom environment (// @vitest-environment happy-dom).');
  happyDOM.setURL(url);
}

function clearPageCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

export interface ApiTestServerOptions {
  /** Loads the demo catalogue and the membership product, as `npm run db:seed` does. */
  seed?: boolean;
  config?: Partial<Config>;
}

/** Starts the API for one test file (call in `beforeAll`, `close` in `afterAll`). */
export async function startApiServer(options: ApiTestServerOptions = {}): Promise<ApiTestServer> {
  const test = await createTestApp(options);
  const origin = await test.app.listen({ port: 0, host: '127.0.0.1' });
  const previousPage = window.location.href;
  const previousApiUrl = process.env.API_URL;
  setPageUrl(`${origin}/`);
  process.env.API_URL = origin;

  const createUser: ApiTestServer['createUser'] = (user) => createUserWithSession(test.db, user);
  return {
    origin,
    db: test.db,
    config: test.config,
    clock: test.clock,
    createUser,
    async signIn(user) {
      const created = await createUser(user);
      document.cookie = `token=${created.token}; Path=/; SameSite=Lax`;
      return created;
    },
    startJobs() {
      test.app.jobs.start(JOB_POLL_MS);
    },
    async createDraftSubscription(idUser) {
      const [plan] = await test.db
        .select({
          idPlan: tables.subscriptionPlans.idSubscriptionPlan,
          idProduct: tables.subscriptionProducts.idSubscriptionProduct,
        })
        .from(tables.subscriptionPlans)
        .innerJoin(
          tables.subscriptionProducts,
          eq(tables.subscriptionProducts.idSubscriptionProduct, tables.subscriptionPlans.fkProductPlan),
        )
        .where(eq(tables.subscriptionProducts.subscriptionProductSlug, 'access-all-areas'))
        .limit(1);
      if (!plan) throw new Error('createDraftSubscription needs the seeded membership product');
      const [row] = await test.db
        .insert(tables.subscriptions)
        .values({
          idUser,
          idSubscriptionProduct: plan.idProduct,
          fkPlanSubscription: plan.idPlan,
          subscriptionStatus: 'draft',
          provider: 'sandbox',
          idempotencyKey: `draft-${idUser}`,
          initialPaymentMethodId: 'pm_card_visa',
        })
        .returning({ idSubscription: tables.subscriptions.idSubscription });
      return row!.idSubscription;
    },
    async recordedActions() {
      const rows = await test.db
        .select({ name: tables.actions.actionTypeName, values: tables.actions.actionValues })
        .from(tables.actions)
        .orderBy(asc(tables.actions.idAction));
      return rows.map((row) => ({ name: row.name, values: row.values.map(({ key, value }) => ({ key, value })) }));
    },
    recordedErrorReports() {
      return test.db
        .select({ message: tables.clientErrors.message, url: tables.clientErrors.url })
        .from(tables.clientErrors)
        .orderBy(asc(tables.clientErrors.idClientError));
    },
    signOut() {
      document.cookie = 'token=; Max-Age=0; Path=/';
    },
    clearCookies: clearPageCookies,
    pageRequest(path, init = {}) {
      const headers = new Headers();
      if (init.contentType) headers.set('content-type', init.contentType);
      const request = new Request(new URL(path, origin), { method: init.method ?? 'GET', headers, body: init.body });
      // happy-dom's Request drops a Cookie header given to it (a page may not set one); the web
      // server's request has one, so it is set on the request's headers afterwards.
      if (document.cookie) request.headers.set('cookie', document.cookie);
      return request;
    },
    async close() {
      // A poll may still be asking: end the page's requests before the server goes.
      await (window as unknown as HappyDomWindow).happyDOM?.abort();
      clearPageCookies();
      if (previousApiUrl === undefined) delete process.env.API_URL;
      else process.env.API_URL = previousApiUrl;
      setPageUrl(previousPage);
      test.app.server.closeAllConnections();
      await test.close();
    },
  };
}
