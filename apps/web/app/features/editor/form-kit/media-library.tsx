import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  MEDIA_KINDS,
  formatDate,
  formatUploadBytes,
  mediaNameOf,
  uploadExtensionOf,
  type MediaItem,
  type MediaListResponse,
} from '@fretline/contract';
import { api } from '../../../lib/api.client';
import { errorMessage, isCancelledError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../components/ui/cx';
import { FilePickButton } from './file-pick-button';
import { UploadProgress } from './upload-progress';
import { acceptText, useMediaUpload } from './use-media-upload';

export type MediaKind = (typeof MEDIA_KINDS)[number];

/** What a field keeps of a chosen file: its path, a signed URL to preview it, and what to call it. */
export interface PickedMedia {
  media_path: string;
  url: string | null;
  name: string;
  bytes: number | null;
  /** A stream's poster to preview it by (ADR 0068); absent for other files. */
  poster?: string | null;
}

/** One page of the library: four columns of six rows at most on a wide screen. */
const PAGE_SIZE = 24;
const SEARCH_DELAY_MS = 250;

const KIND_LABELS: Record<MediaKind, string> = {
  image: 'Images',
  audio: 'Audio',
  video: 'Video',
  document: 'Documents',
  stream: 'Streams',
};
/** Files to upload or download; streams have their own pickers (they are made, not uploaded). */
const FILE_KINDS = MEDIA_KINDS.filter((k) => k !== 'stream');

type Listing =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; media: MediaItem[]; total: number };

/** A file's icon where it has no picture: its kind in a word and its extension. */
export function FileBadge({ mediaPath, kind, className }: { mediaPath: string; kind?: MediaKind | null; className?: string }) {
  const glyph = kind === 'audio' ? '♪' : kind === 'video' || kind === 'stream' ? '▶' : '▤';
  return (
    <span
      aria-hidden="true"
      className={cx(
        'flex shrink-0 flex-col items-center justify-center gap-0.5 rounded-lg border border-stone-200 bg-white text-stone-500',
        className,
      )}
    >
      <span className="text-lg leading-none">{glyph}</span>
      <span className="text-[0.65rem] font-semibold uppercase">
        {kind === 'stream' ? 'HLS' : uploadExtensionOf(mediaPath) || 'file'}
      </span>
    </span>
  );
}

/**
 * The media library (ADR 0068): a modal dialog listing what the media store holds, newest first,
 * with search, paging, and an upload of a new file; choosing a file (or finishing an upload) hands
 * it to the field and closes. A native modal <dialog>: focus stays inside it, Escape closes it, and
 * focus goes back to the button that opened it. Portalled to the body, so its search box is no
 * field of the entry's form (typing in it is no edit to save).
 */
export function MediaLibraryDialog({
  title,
  kind,
  accept,
  onPick,
  onClose,
}: {
  title: string;
  /** The one kind this field takes; every kind (with a filter) when undefined. */
  kind: MediaKind | undefined;
  /** What an upload from the dialog may be; none for streams, which processing makes. */
  accept: string;
  onPick: (media: PickedMedia) => void;
  onClose: () => void;
}) {
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<MediaKind | ''>(kind ?? '');
  const [offset, setOffset] = useState(0);
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const closing = useRef(onClose);
  closing.current = onClose;

  const upload = useMediaUpload(accept, (media, file) => {
    onPick({ media_path: media.media_path, url: media.url, name: file.name, bytes: media.bytes });
  });

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (!el.open) el.showModal();
    search.current?.focus();
    const closed = () => closing.current();
    el.addEventListener('close', closed);
    return () => {
      el.removeEventListener('close', closed);
      if (el.open) el.close();
    };
  }, []);

  useEffect(() => {
    setListing((l) => (l.status === 'done' ? l : { status: 'loading' }));
    const timer = setTimeout(() => {
      setListing({ status: 'loading' });
      api
        .call('editor.listMedia', {
          query: { ...(q.trim() ? { q: q.trim() } : {}), ...(filter ? { kind: filter } : {}), offset },
          limit: PAGE_SIZE,
        })
        .then(
          (found: MediaListResponse['data']) => setListing({ status: 'done', ...found }),
          (err: unknown) => {
            if (!isCancelledError(err)) setListing({ status: 'error', message: errorMessage(err) });
          },
        );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, filter, offset, attempt]);

  const pick = (item: MediaItem) =>
    onPick({ media_path: item.media_path, url: item.url, name: item.name, bytes: item.bytes, poster: item.poster_url });
  const streams = kind === 'stream';

  const titleId = `${ids}-title`;
  const uploadId = `${ids}-upload`;
  const shown = listing.status === 'done' ? listing : null;

  return createPortal(
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-testid="media-library"
      className="m-auto flex max-h-[calc(100dvh-1rem)] w-[min(60rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-2xl p-0 text-ink-900 shadow-xl backdrop:bg-ink-900/60 open:flex"
    >
      <div className="flex items-start justify-between gap-3 border-b border-stone-200 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <p className="text-sm text-stone-600">
            {streams
              ? 'Choose a demo clip, or a video whose uploaded file has been processed.'
              : 'Choose a file from the media library, or upload a new one.'}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={() => dialog.current?.close()} aria-label="Close the media library">
          Close
        </Button>
      </div>

      <div className="space-y-3 border-b border-stone-200 px-4 py-3 sm:px-5">
        <div className="flex flex-wrap items-end gap-2">
          <label className="min-w-0 flex-1 basis-48 text-sm font-medium text-stone-700">
            Search by name
            <input
              ref={search}
              type="search"
              value={q}
              onChange={(event) => {
                setQ(event.currentTarget.value);
                setOffset(0);
              }}
              placeholder={streams ? 'a video’s title, demo…' : 'poster, backing track…'}
              className={cx(inputClasses, 'mt-1 py-2')}
            />
          </label>
          {kind ? null : (
            <label className="text-sm font-medium text-stone-700">
              Kind
              <select
                value={filter}
                onChange={(event) => {
                  setFilter(event.currentTarget.value as MediaKind | '');
                  setOffset(0);
                }}
                className={cx(inputClasses, 'mt-1 py-2')}
              >
                <option value="">All files</option>
                {FILE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </label>
          )}
          {streams ? null : (
            <div>
              <FilePickButton id={uploadId} accept={accept} onFile={upload.start} variant="primary" size="md">
                Upload new file
              </FilePickButton>
            </div>
          )}
        </div>
        {streams ? (
          <p className="text-xs text-stone-500">
            To add one, upload the video’s file in a video’s “Video file” field; it is listed here once processed.
          </p>
        ) : (
          <p className="text-xs text-stone-500">Uploads take {acceptText(accept)}.</p>
        )}
        {upload.uploading ? (
          <UploadProgress fileName={upload.uploading.fileName} percent={upload.uploading.percent} onCancel={upload.cancel} />
        ) : null}
        {upload.error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {upload.error}
          </p>
        ) : null}
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3 sm:px-5" aria-busy={listing.status === 'loading'}>
        {listing.status === 'loading' ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading the media library" />
          </div>
        ) : listing.status === 'error' ? (
          <div role="alert" className="space-y-2 py-6 text-center">
            <p className="font-medium text-red-800">The media library could not be loaded: {listing.message}</p>
            <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </div>
        ) : listing.media.length === 0 ? (
          <p className="rounded-xl border border-dashed border-stone-300 bg-stone-50 px-4 py-8 text-center text-stone-600">
            {q.trim()
              ? `No files match “${q.trim()}”.`
              : streams
                ? 'No streams yet.'
                : 'No files here yet. Upload one to start the library.'}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Files">
            {listing.media.map((item) => (
              <li key={item.media_path}>
                <button
                  type="button"
                  onClick={() => pick(item)}
                  aria-label={`Choose ${item.name}`}
                  className="group flex h-full w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white text-left hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="relative flex aspect-video w-full items-center justify-center overflow-hidden bg-stone-100">
                    {item.kind === 'image' || item.poster_url ? (
                      <img
                        src={item.poster_url ?? item.url}
                        alt=""
                        loading="lazy"
                        className="absolute inset-0 size-full object-contain"
                      />
                    ) : (
                      <FileBadge mediaPath={item.media_path} kind={item.kind} className="size-14" />
                    )}
                  </span>
                  <span className="block min-w-0 space-y-0.5 p-2">
                    <span
                      className="block truncate text-sm font-medium text-ink-900 group-hover:text-brand-800"
                      title={item.name}
                    >
                      {item.name}
                    </span>
                    <span className="block text-xs text-stone-600">
                      {item.kind === 'stream' ? 'Stream' : formatUploadBytes(item.bytes)}
                      {item.modified ? ` · ${formatDate(item.modified, 'long')}` : ''}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {shown && shown.total > PAGE_SIZE ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-200 px-4 py-3 text-sm sm:px-5">
          <p className="text-stone-600" aria-live="polite">
            {offset + 1}–{Math.min(offset + PAGE_SIZE, shown.total)} of {shown.total}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
            >
              Previous
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={offset + PAGE_SIZE >= shown.total}
              onClick={() => setOffset(offset + PAGE_SIZE)}
            >
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>,
    document.body,
  );
}

/** What a saved path is called before anything else is known of it. */
export const pickedFromPath = (mediaPath: string, url: string | null): PickedMedia => ({
  media_path: mediaPath,
  url,
  name: mediaNameOf(mediaPath),
  bytes: null,
});
