import { useId, useRef, useState } from 'react';
import { UPLOAD_ACCEPT_ALL, UPLOAD_ACCEPT_IMAGES, formatUploadBytes, uploadKindOf } from '@fretline/contract';
import { Button } from '../../../components/ui/button';
import { ErrorText, FieldLabel, fieldErrorId, fieldId, type FieldErrors } from './fields';
import { FilePickButton } from './file-pick-button';
import { FileBadge, MediaLibraryDialog, pickedFromPath, type MediaKind, type PickedMedia } from './media-library';
import { announceEdit } from './unsaved-changes';
import { UploadProgress } from './upload-progress';
import { acceptText, useMediaUpload } from './use-media-upload';

export interface MediaUploadProps {
  /** The form field the media path is submitted as (a hidden input; '' when cleared). */
  name: string;
  label: string;
  /** The file picker's `accept` (`.jpg,.png`, `image/*`); every upload kind by default. */
  accept?: string | undefined;
  /** The media path already saved, e.g. `uploads/2026/11/3f…-poster.jpg`. */
  defaultValue?: string | null | undefined;
  hint?: string | undefined;
  /** A signed URL of `defaultValue`, when the page has one, so an existing file shows a preview. */
  defaultUrl?: string | null | undefined;
  /** Told of every new value: after an upload, a pick or a removal ('' when cleared), with a URL to show it when known. */
  onChange?: ((mediaPath: string, url: string | null) => void) | undefined;
}

// SVG is previewed too (the demo posters and chord diagrams are SVGs): inside an <img> an SVG's
// scripts never run, so showing one is safe even though uploading one is refused.
const IMAGE_PATH = /\.(jpe?g|png|webp|gif|svg)$/i;
const STREAM_PATH = /\.m3u8$/i;

/** The one kind an `accept` list allows, when it allows only one (images for posters). */
function kindOfAccept(accept: string): MediaKind | undefined {
  if (accept === UPLOAD_ACCEPT_IMAGES) return 'image';
  const kinds = new Set(accept.split(',').map((a) => uploadKindOf(`x${a.trim()}`)));
  return kinds.size === 1 ? ([...kinds][0] ?? undefined) : undefined;
}

/** What a chosen file looks like in its field: a picture, a player or a file's name (ADR 0068). */
function MediaPreview({ label, media }: { label: string; media: PickedMedia }) {
  const kind: MediaKind | null = STREAM_PATH.test(media.media_path)
    ? 'stream'
    : IMAGE_PATH.test(media.media_path)
      ? 'image'
      : uploadKindOf(media.media_path);
  const picture = kind === 'image' ? media.url : media.poster;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 p-3">
      {picture ? (
        <img
          src={picture}
          alt={`Preview of ${label}`}
          className="h-16 w-28 shrink-0 rounded-lg border border-stone-200 bg-white object-contain sm:h-20 sm:w-36"
        />
      ) : (
        <FileBadge mediaPath={media.media_path} kind={kind} className="size-16" />
      )}
      <div className="min-w-0 flex-1 basis-40 space-y-1">
        <p className="text-sm font-medium break-all text-ink-900">{media.name}</p>
        {kind === 'stream' ? (
          <p className="text-xs break-all text-stone-600">HLS stream · {media.media_path}</p>
        ) : media.bytes !== null ? (
          <p className="text-xs text-stone-600">{formatUploadBytes(media.bytes)}</p>
        ) : null}
        {kind === 'audio' && media.url ? (
          <audio controls preload="none" src={media.url} aria-label={`Listen to ${media.name}`} className="h-9 w-full max-w-sm" />
        ) : null}
      </div>
    </div>
  );
}

/**
 * A staff form's media field (ADR 0039, ADR 0068): a picker, never a path to type. "Choose from
 * library" opens the media library (search, paging, upload); "Upload new file" uploads at once with
 * a progress bar and a cancel button. The chosen file shows as a preview (a picture, a player, a
 * file's name) with Replace and Remove, and its media path goes into a hidden input named `name`,
 * so the field works inside a React Router `<Form>`. Every choice tells the form it was edited, so
 * a draft saves itself (ADR 0068).
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
  const [media, setMedia] = useState<PickedMedia | null>(defaultValue ? pickedFromPath(defaultValue, defaultUrl ?? null) : null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [browsing, setBrowsing] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const chooseId = `${id}-choose`;
  const focusChoose = () => document.getElementById(chooseId)?.focus();

  function changeValue(next: PickedMedia | null) {
    setMedia(next);
    onChange?.(next?.media_path ?? '', next?.url ?? null);
    announceEdit(box.current);
  }

  const upload = useMediaUpload(accept, (stored, file) => {
    setUploaded(stored.bytes);
    changeValue({ media_path: stored.media_path, url: stored.url, name: file.name, bytes: stored.bytes });
  });

  function remove() {
    setUploaded(null);
    upload.setError(null);
    changeValue(null);
    focusChoose();
  }

  const describedBy = [hintId, upload.error ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div ref={box} className="space-y-2">
      <FieldLabel htmlFor={inputId} label={label} hint={hint} hintId={hintId} />
      <input type="hidden" name={name} value={media?.media_path ?? ''} />

      {media ? (
        <MediaPreview label={label} media={media} />
      ) : (
        <p className="rounded-xl border border-dashed border-stone-300 px-3 py-4 text-sm text-stone-600">No file chosen.</p>
      )}
      {uploaded !== null && media ? (
        <p role="status" className="text-xs font-medium text-green-800">
          Uploaded, {formatUploadBytes(uploaded)}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-x-2 gap-y-2">
        <Button
          id={chooseId}
          variant="secondary"
          size="sm"
          aria-haspopup="dialog"
          aria-label={media ? `Replace ${label} from the library` : `Choose from library: ${label}`}
          onClick={() => setBrowsing(true)}
        >
          {media ? 'Replace' : 'Choose from library'}
        </Button>
        <FilePickButton
          id={inputId}
          accept={accept}
          onFile={upload.start}
          variant="ghost"
          size="sm"
          describedBy={describedBy}
          invalid={!!upload.error}
        >
          Upload new file
        </FilePickButton>
        {media ? (
          <Button variant="ghost" size="sm" onClick={remove} disabled={!!upload.uploading} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        ) : null}
        <span className="text-xs text-stone-500">{acceptText(accept)}</span>
      </div>

      {upload.uploading ? (
        <UploadProgress fileName={upload.uploading.fileName} percent={upload.uploading.percent} onCancel={upload.cancel} />
      ) : null}

      {upload.error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {upload.error}
        </p>
      ) : null}

      {browsing ? (
        <MediaLibraryDialog
          title={`Choose ${label.toLowerCase()}`}
          kind={kindOfAccept(accept)}
          accept={accept}
          onPick={(picked) => {
            setUploaded(null);
            upload.setError(null);
            changeValue(picked);
            setBrowsing(false);
          }}
          onClose={() => {
            setBrowsing(false);
            focusChoose();
          }}
        />
      ) : null}
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

/**
 * A stream manifest field (ADR 0068): picked from the library's streams (the demo clips and the
 * videos whose uploaded file was processed), shown by its poster and name, never typed. Nothing is
 * uploaded here: a stream is made by processing a video's file. The manifest's media path goes
 * into a hidden input named `name`, as the API has always taken it.
 */
export function StreamField({
  name,
  path,
  label,
  hint,
  defaultValue,
  defaultPoster,
  errors,
}: {
  name: string;
  path?: string;
  label: string;
  hint?: string;
  defaultValue?: string | null | undefined;
  /** A signed URL of the saved stream's poster, when the page has one. */
  defaultPoster?: string | null | undefined;
  errors: FieldErrors;
}) {
  const id = useId();
  const key = path ?? name;
  const hintId = hint ? `${id}-hint` : undefined;
  const chooseId = `${id}-choose`;
  const box = useRef<HTMLDivElement>(null);
  const [media, setMedia] = useState<PickedMedia | null>(
    defaultValue ? { ...pickedFromPath(defaultValue, null), poster: defaultPoster ?? null } : null,
  );
  const [browsing, setBrowsing] = useState(false);
  const focusChoose = () => document.getElementById(chooseId)?.focus();
  function changeValue(next: PickedMedia | null) {
    setMedia(next);
    announceEdit(box.current);
  }
  return (
    <div id={fieldId(key)} tabIndex={-1} ref={box} className="space-y-2 outline-none">
      <FieldLabel htmlFor={chooseId} label={label} hint={hint} hintId={hintId} />
      <input type="hidden" name={name} value={media?.media_path ?? ''} />
      {media ? (
        <MediaPreview label={label} media={media} />
      ) : (
        <p className="rounded-xl border border-dashed border-stone-300 px-3 py-4 text-sm text-stone-600">No stream chosen.</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          id={chooseId}
          variant="secondary"
          size="sm"
          aria-haspopup="dialog"
          aria-describedby={hintId}
          aria-label={media ? `Replace ${label}` : `Choose a stream: ${label}`}
          onClick={() => setBrowsing(true)}
        >
          {media ? 'Replace' : 'Choose a stream'}
        </Button>
        {media ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${label}`}
            onClick={() => {
              changeValue(null);
              focusChoose();
            }}
          >
            Remove
          </Button>
        ) : null}
      </div>
      <ErrorText id={fieldErrorId(key)} message={errors[key]} />
      {browsing ? (
        <MediaLibraryDialog
          title={`Choose ${label.toLowerCase()}`}
          kind="stream"
          accept=""
          onPick={(picked) => {
            changeValue(picked);
            setBrowsing(false);
          }}
          onClose={() => {
            setBrowsing(false);
            focusChoose();
          }}
        />
      ) : null}
    </div>
  );
}
