/**
 * The web server's configuration, read from the environment in this one place (ADR 0054; the API
 * parses the same variables in apps/api/src/config.ts). Read on each call rather than once: it is a
 * handful of variables, and the web test server points API_URL at its own API.
 */
export interface WebConfig {
  /** Where loaders reach the API: API_URL when the tiers run apart, else this same process (PORT). */
  apiUrl: string;
  /**
   * API_URL is set: the API is another tier, reached over HTTP even when this process also holds
   * one (the cluster's `tiers` layout, ADR 0059). Unset: the API in this process (ADR 0062).
   */
  apiApart: boolean;
  /** The public origin (SITE_URL) without a trailing slash, when set. */
  siteUrl: string | undefined;
  /** TEACHER_NAME: the slug in /about-{name} and /{name}-guitar-app. */
  teacherName: string;
}

export function readWebConfig(env: NodeJS.ProcessEnv = process.env): WebConfig {
  return {
    apiUrl: (env.API_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`).replace(/\/$/, ''),
    apiApart: env.API_URL !== undefined,
    siteUrl: env.SITE_URL?.replace(/\/$/, ''),
    teacherName: env.TEACHER_NAME ?? 'jamie',
  };
}

/** The public origin (SITE_URL), else the origin the request came in on; no trailing slash. */
export function siteUrlFor(request: Request): string {
  return readWebConfig().siteUrl ?? new URL(request.url).origin;
}
