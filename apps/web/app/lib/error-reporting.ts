import { isCancelledError } from './api-client';
import { api } from './api.client';

/**
 * Error reports (product.md#calls): unhandled UI errors go to `GET /api/error?message=` (client schema
 * errors are reported by the API client itself). Each distinct message once per page, at most 10
 * per page, so an error in a render loop cannot flood the server.
 */
const MAX_REPORTS_PER_PAGE = 10;
const sent = new Set<string>();

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export function reportClientError(message: string): void {
  if (typeof window === 'undefined' || !message) return;
  if (sent.has(message) || sent.size >= MAX_REPORTS_PER_PAGE) return;
  sent.add(message);
  // Fire and forget: a report that fails must not become a second error for the user.
  api
    .call('platform.reportError', { query: { message: message.slice(0, 2000), url: window.location.href }, cancelKey: false })
    .catch(() => undefined);
}

/** Listens for errors nothing else handled; returns the clean-up. Cancelled calls are not errors. */
export function installErrorReporting(): () => void {
  const onError = (event: ErrorEvent) => reportClientError(describeError(event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isCancelledError(event.reason)) return;
    reportClientError(`Unhandled rejection: ${describeError(event.reason)}`);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
