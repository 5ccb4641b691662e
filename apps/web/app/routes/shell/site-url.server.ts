/** The public origin (SITE_URL), else the origin the request came in on; no trailing slash. */
export function siteUrlFor(request: Request): string {
  return (process.env.SITE_URL ?? new URL(request.url).origin).replace(/\/$/, '');
}

export function teacherNameFromEnv(): string {
  return process.env.TEACHER_NAME ?? 'jamie';
}
