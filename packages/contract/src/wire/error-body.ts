import type { ApiErrorBody } from './envelope.ts';

/**
 * A structural check of the error body (product.md#calls) without zod, for the browser's API client: the first
 * load of every page stays small (the video page keeps to 150 KB of JavaScript: scripts/bundle-size.mjs).
 */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (!value || typeof value !== 'object') return false;
  const body = value as Record<string, unknown>;
  const errorsOk =
    Array.isArray(body.errors) &&
    body.errors.every((e) => !!e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string');
  const systemOk = body.system === undefined || (Array.isArray(body.system) && body.system.every((s) => typeof s === 'string'));
  const alertOk = body.alert === undefined || typeof body.alert === 'string';
  return errorsOk && systemOk && alertOk;
}
