import { useEffect, useId, useRef, useState } from 'react';
import {
  UPLOAD_ACCEPT_ALL,
  UPLOAD_ACCEPT_IMAGES,
  UPLOAD_ERRORS,
  UPLOAD_KINDS,
  formatUploadBytes,
  uploadExtensionOf,
  uploadKindOf,
} from '@fretline/contract';
import { browserHeaders } from '../../../lib/api.client';
import { errorMessage, isCancelledError } from '../../../lib/api-client';
import { Button, buttonClasses } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { cx } from '../../../components/ui/cx';
import { ErrorText, FieldLabel, fieldErrorId, fieldId, type FieldErrors } from './fields';
import { startMediaUpload, type MediaUploadRequest } from './media-upload-request';
import { UploadProgress } from './upload-progress';

export interface MediaUploadProps {
  /** The form field the media path is submitted as (a hidden input; '' when cleared). */
  name: string;
  label: string;
  /** The file picker's `accept` (`.jpg,.png`, `image/*`); every upload kind by default. */
  accept?: string | undefined;
  /** The media path already saved, e.g. `uploads/2026/11/3f…-poster.jpg`. */
  defaultValue?: string | null | undefined;
  hint?: string | undefined;
  /** A signed URL of `defaultValue`, when the page has one, so an existing image shows a preview. */
  defaultUrl?: string | null | undefined;
  /** Told of every new value: after an upload, a removal or a typed path ('' when cleared), with a URL to show it when known. */
  onChange?: ((mediaPath: string, url: string | null) => void) | undefined;
}

// SVG is previewed too (the demo posters and chord diagrams are SVGs): inside an <img> an SVG's
// scripts never run, so showing one is safe even though uploading one is refused.
const IMAGE_PATH = /\.(jpe?g|png|webp|gif|svg)$/i;

interface Uploading {
  fileName: string;
  fraction: number;
}

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
function acceptText(accept: string): string {
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
 * A staff form's media field (ADR 0039): picking a file uploads it at once with a
 * progress bar and a cancel button; the stored media path goes into a hidden input named
 * `name`, so the field works inside a React Router `<Form>`. Images get a preview; "Remove"
 * clears the value; a media path can also be typed in (e.g. a `demo/...` file).
 */
export function MediaUpload({
  name,
  label,
  accept = UPLOAD_ACCEPT_ALL,
  defaultValue,
  hint,
  defaultUrl,
  onChange,
}: MediaUploadProps) {
  const id = useId();
  const inputId = `${id}-file`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const [mediaPath, setMediaPath] = useState(defaultValue ?? '');
  const [previewUrl, setPreviewUrl] = useState<string | null>(defaultValue ? (defaultUrl ?? null) : null);
  const [uploaded, setUploaded] = useState<{ fileName: string; bytes: number } | null>(null);
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<MediaUploadRequest | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // Leaving the page mid-upload stops it; the server then discards the partial file.
  useEffect(() => () => request.current?.abort(), []);

  function changeValue(next: string, preview: string | null) {
    setMediaPath(next);
    setPreviewUrl(preview);
    onChange?.(next, preview);
  }

  function upload(file: File) {
    setError(null);
    const refusal = checkBeforeUpload(file, accept);
    if (refusal) {
      setError(refusal);
      return;
    }
    // A new pick replaces an upload still under way (the input stays usable, so focus stays on it).
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
        setUploaded({ fileName: file.name, bytes: media.bytes });
        changeValue(media.media_path, media.url);
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
    fileInput.current?.focus();
  }

  function remove() {
    setUploaded(null);
    setError(null);
    changeValue('', null);
    fileInput.current?.focus();
  }

  const percent = uploading ? Math.round(uploading.fraction * 100) : 0;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const showImage = !!previewUrl && IMAGE_PATH.test(mediaPath);

  return (
    <div className="space-y-2">
      <FieldLabel htmlFor={inputId} label={label} hint={hint} hintId={hintId} />
      <input type="hidden" name={name} value={mediaPath} />

      {mediaPath ? (
        <div className="flex items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 p-3">
          {showImage ? (
            <img
              src={previewUrl}
              alt={`Preview of ${label}`}
              className="size-14 shrink-0 rounded-lg border border-stone-200 bg-white object-contain sm:size-16"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-14 shrink-0 items-center justify-center rounded-lg border border-stone-200 bg-white text-xs font-semibold text-stone-500 uppercase sm:size-16"
            >
              {uploadExtensionOf(mediaPath) || 'file'}
            </span>
          )}
          <div className="min-w-0 flex-1 space-y-0.5">
            {uploaded ? <p className="text-sm font-medium break-all text-ink-900">{uploaded.fileName}</p> : null}
            <p className="font-mono text-xs break-all text-stone-600">{mediaPath}</p>
            {uploaded ? (
              <p role="status" className="text-xs font-medium text-green-800">
                Uploaded, {formatUploadBytes(uploaded.bytes)}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}

      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {/* The native picker, visually replaced by its label styled as a button; focus shows on the label. */}
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={accept}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // Cleared, so picking the same file again (after a failure) fires another change.
            event.currentTarget.value = '';
            if (file) upload(file);
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={buttonClasses(
            'secondary',
            'sm',
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
          )}
        >
          {mediaPath ? 'Replace file' : 'Choose file'}
        </label>
        {/* Beside "Replace file" rather than in the preview, so the path keeps the preview's width in narrow columns. */}
        {mediaPath ? (
          <Button variant="secondary" size="sm" onClick={remove} disabled={!!uploading} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        ) : null}
        <span className="ml-1 text-xs text-stone-500">{acceptText(accept)}</span>
      </div>

      {uploading ? <UploadProgress fileName={uploading.fileName} percent={percent} onCancel={cancel} /> : null}

      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}

      <details className="text-sm">
        <summary className="cursor-pointer text-stone-600 hover:text-ink-900">Or enter a media path</summary>
        <input
          type="text"
          aria-label={`${label}: media path`}
          value={mediaPath}
          placeholder="uploads/2026/01/poster.jpg"
          spellCheck={false}
          autoCapitalize="off"
          onChange={(event) => {
            setUploaded(null);
            changeValue(event.currentTarget.value.trim(), null);
          }}
          className={cx(inputClasses, 'mt-2 font-mono text-sm')}
        />
      </details>
    </div>
  );
}

/** An entry that keeps a media path under `N` and its signed URL under `N_signed` (`course_image`). */
export type WithSignedMedia<N extends string> = { readonly [K in N]: string | null } & {
  readonly [K in `${N}_signed`]: string | null;
};

/**
 * The media-store picker (upload with progress) with this form's error for the field beside it.
 * The saved value comes from `defaultValue`/`defaultUrl`, or from `savedIn`, the entry that holds
 * the path under the field's name and its signed URL beside it.
 */
export function MediaField<N extends string>({
  name,
  path,
  label,
  accept = UPLOAD_ACCEPT_IMAGES,
  savedIn,
  defaultValue,
  defaultUrl,
  hint,
  errors,
}: {
  name: N;
  /** The API's path of the field, when it differs from the name (bracket keys). */
  path?: string;
  label: string;
  /** Images unless said otherwise. */
  accept?: string;
  savedIn?: WithSignedMedia<N> | null | undefined;
  defaultValue?: string | null | undefined;
  defaultUrl?: string | null | undefined;
  hint?: string;
  errors: FieldErrors;
}) {
  const key = path ?? name;
  // The mapped type guarantees both keys; indexing it by a generic name needs the plain record.
  const saved = savedIn as Readonly<Record<string, string | null>> | null | undefined;
  return (
    <div id={fieldId(key)} tabIndex={-1} className="outline-none">
      <MediaUpload
        name={name}
        label={label}
        accept={accept}
        defaultValue={defaultValue ?? saved?.[name] ?? null}
        defaultUrl={defaultUrl ?? saved?.[`${name}_signed`] ?? null}
        {...(hint ? { hint } : {})}
      />
      <ErrorText id={fieldErrorId(key)} message={errors[key]} />
    </div>
  );
}
