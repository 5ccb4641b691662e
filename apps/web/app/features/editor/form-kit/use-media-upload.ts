import { useEffect, useRef, useState } from 'react';
import { UPLOAD_ERRORS, UPLOAD_KINDS, uploadExtensionOf, uploadKindOf, type UploadedMedia } from '@fretline/contract';
import { browserHeaders } from '../../../lib/api.client';
import { errorMessage, isCancelledError } from '../../../lib/api-client';
import { startMediaUpload, type MediaUploadRequest } from './media-upload-request';

/** Whether a file matches an `accept` list of extensions and MIME types (`image/*`). */
function matchesAccept(file: File, accept: string): boolean {
  const ext = `.${uploadExtensionOf(file.name)}`;
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) => (a.startsWith('.') ? a === ext : a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : a === type));
}

/** `.jpg,.png` as people read it: `JPG, PNG`; MIME wildcards as `images`, `videos`, … */
export function acceptText(accept: string): string {
  const parts = accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .map((a) => (a.startsWith('.') ? a.slice(1).toUpperCase() : a.endsWith('/*') ? `${a.slice(0, -2)}s` : a));
  return [...new Set(parts.map((p) => (p === 'JPEG' ? 'JPG' : p)))].join(', ');
}

/** The text that stops a file before it is sent, or null when it may go (the API checks again). */
function checkBeforeUpload(file: File, accept: string): string | null {
  const kind = uploadKindOf(file.name);
  const ext = uploadExtensionOf(file.name);
  if (ext === 'svg') return UPLOAD_ERRORS.svg;
  if (!kind) return UPLOAD_ERRORS.notAllowed(ext);
  if (!matchesAccept(file, accept)) return `This field takes ${accept.replaceAll(',', ', ')} files.`;
  if (file.size === 0) return UPLOAD_ERRORS.empty;
  if (file.size > UPLOAD_KINDS[kind].maxBytes) return UPLOAD_ERRORS.tooLarge(kind);
  return null;
}

/**
 * One file upload at a time with its progress (ADR 0039), for the media field and the media
 * library (ADR 0068): a file is checked before it is sent, a new one replaces an upload still
 * under way, and leaving the page stops it (the server then discards the partial file).
 */
export function useMediaUpload(accept: string, onUploaded: (media: UploadedMedia, file: File) => void) {
  const [uploading, setUploading] = useState<{ fileName: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<MediaUploadRequest | null>(null);
  const done = useRef(onUploaded);
  done.current = onUploaded;

  useEffect(() => () => request.current?.abort(), []);

  function start(file: File) {
    setError(null);
    const refusal = checkBeforeUpload(file, accept);
    if (refusal) {
      setError(refusal);
      return;
    }
    request.current?.abort();
    setUploading({ fileName: file.name, fraction: 0 });
    const current = startMediaUpload(file, {
      headers: browserHeaders(),
      onProgress: (fraction) => setUploading((u) => (u ? { ...u, fraction } : u)),
    });
    request.current = current;
    current.result.then(
      (media) => {
        if (request.current !== current) return;
        request.current = null;
        setUploading(null);
        done.current(media, file);
      },
      (err: unknown) => {
        if (request.current !== current) return;
        request.current = null;
        setUploading(null);
        if (!isCancelledError(err)) setError(errorMessage(err));
      },
    );
  }

  function cancel() {
    const current = request.current;
    request.current = null;
    current?.abort();
    setUploading(null);
  }

  return {
    uploading: uploading ? { fileName: uploading.fileName, percent: Math.round(uploading.fraction * 100) } : null,
    error,
    setError,
    start,
    cancel,
  };
}
