import { CLIENT_ERRORS, isApiErrorBody, type UploadedMedia } from '@fretline/contract';
import { API_ADDRESSES } from '@fretline/contract/api-addresses';
import { ApiError } from '../../../lib/api-client';

/** An upload under way: its outcome, and a way to stop it. */
export interface MediaUploadRequest {
  /** The stored media, or an ApiError whose message is the user's text (cancelled: `error.cancelled`). */
  result: Promise<UploadedMedia>;
  abort(): void;
}

function isUploadedMedia(value: unknown): value is UploadedMedia {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.media_path === 'string' &&
    typeof v.url === 'string' &&
    typeof v.content_type === 'string' &&
    typeof v.bytes === 'number'
  );
}

/**
 * Sends one file to the declared upload call (`editor.uploadMedia`) as the raw request body (ADR 0039).
 *
 * XMLHttpRequest rather than the ky client: upload progress needs `xhr.upload.onprogress`. Ky's
 * own upload progress streams the request body, which browsers allow only over HTTP/2 or later,
 * and a development server speaks HTTP/1.1. Auth is the same-origin session cookie, and the
 * browser sends its Origin, which the API checks for unsafe methods, as for every other call.
 */
export function startMediaUpload(
  file: File,
  options: { headers?: Record<string, string>; onProgress?: (fraction: number) => void } = {},
): MediaUploadRequest {
  const xhr = new XMLHttpRequest();
  const result = new Promise<UploadedMedia>((resolve, reject) => {
    const { method, path } = API_ADDRESSES['editor.uploadMedia'];
    xhr.open(method, `/api${path}?filename=${encodeURIComponent(file.name)}`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    // The file's own type would pick another body parser; the server sniffs the bytes itself.
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    for (const [key, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(key, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onabort = () => reject(new ApiError(CLIENT_ERRORS.cancelled, undefined));
    xhr.onerror = () => reject(new ApiError(CLIENT_ERRORS.noResponse, undefined));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const data = (body as { data?: unknown } | undefined)?.data;
        if (isUploadedMedia(data)) resolve(data);
        else reject(new ApiError(CLIENT_ERRORS.schema, xhr.status));
        return;
      }
      const errorBody = isApiErrorBody(body) ? body : undefined;
      const fallback = xhr.status === 413 ? 'That file is too large.' : CLIENT_ERRORS.otherStatus;
      reject(new ApiError(errorBody?.errors[0]?.message ?? errorBody?.alert ?? fallback, xhr.status, errorBody));
    };
    xhr.send(file);
  });
  return { result, abort: () => xhr.abort() };
}
