import { createApiClient, type ApiClient } from './api-client';

/** Where loaders reach the API: API_URL when the tiers run apart, else this same process. */
function apiOrigin(): string {
  return (process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** The API client for a loader or action: the visitor's token and correlation id ride along. */
export function getServerApi(request: Request): ApiClient {
  const token = readCookie(request, 'token');
  const correlation = readCookie(request, 'correlation');
  const forwardedFor = request.headers.get('x-forwarded-for');
  return createApiClient({
    baseUrl: apiOrigin(),
    getToken: () => token,
    headers: () => ({
      'x-client-app': 'fretline-web-ssr',
      ...(correlation ? { 'x-correlation-id': correlation } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...(request.headers.get('user-agent') ? { 'user-agent': request.headers.get('user-agent') as string } : {}),
    }),
  });
}
