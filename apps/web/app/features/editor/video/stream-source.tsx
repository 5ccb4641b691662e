import { useEffect, useId, useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import {
  RESUMABLE_MEDIA_PATH_HEADER,
  RESUMABLE_UPLOAD_PATH,
  UPLOAD_ERRORS,
  UPLOAD_KINDS,
  formatUploadBytes,
  uploadExtensionOf,
  type EditorVideo,
  type EditorVideoOptions,
} from '@fretline/contract';
import { api, browserHeaders } from '../../../lib/api.client';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { ErrorText, fieldErrorId, fieldId, type FieldErrors } from '../form-kit/fields';
import { FilePickButton } from '../form-kit/file-pick-button';
import { UploadProgress } from '../form-kit/upload-progress';

type Processing = Pick<
  EditorVideo,
  | 'video_stream_source'
  | 'video_stream_status'
  | 'video_stream_progress'
  | 'video_stream_error'
  | 'video_stream_preview_signed'
  | 'video_stream_poster_choices'
  | 'video_stream_poster'
  | 'video_stream_width'
  | 'video_stream_height'
  | 'video_stream_duration'
>;

const VIDEO_EXTENSIONS = UPLOAD_KINDS.video.extensions;
const ACCEPT = VIDEO_EXTENSIONS.map((e) => `.${e}`).join(',');
/** Chunks small enough to resend cheaply after a drop, big enough that 2 GB is ~128 requests. */
const CHUNK_BYTES = 16 * 1024 * 1024;
/** tus-js-client waits these before each retry; a drop of up to about a minute resumes by itself. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
const POLL_MS = 2000;

interface Sending {
  fileName: string;
  sent: number;
  total: number;
  reconnecting: boolean;
}

function refusalOf(file: File): string | null {
  const ext = uploadExtensionOf(file.name);
  if (!VIDEO_EXTENSIONS.includes(ext)) return 'Choose a video file: MP4, MOV or WebM.';
  if (file.size === 0) return UPLOAD_ERRORS.empty;
  if (file.size > UPLOAD_KINDS.video.maxBytes) return UPLOAD_ERRORS.tooLarge('video');
  return null;
}

/** The server's refusal text (tus answers plain text), or a generic one. */
function uploadError(err: Error | DetailedError): string {
  const body = err instanceof DetailedError ? err.originalResponse?.getBody()?.trim() : '';
  if (body && body.length < 300 && !body.startsWith('{')) return body;
  return 'The upload stopped. Check the connection and choose the file again: it continues where it stopped.';
}

/**
 * The stream source of the video form (ADR 0057): drop or choose a phone or camera recording; it
 * uploads resumably (tus) with a progress bar, surviving a dropped connection, and its media path
 * is saved as `video_stream_source`. After a save the server processes it into HLS; this shows
 * each step's progress, the failure reason with a retry, and the poster frames to pick from (a
 * pick is a submit button, so the whole form is saved with it, as every button of the form does).
 */
export function StreamSource({
  video,
  processing,
  errors,
}: {
  video: (Processing & { id_video: number }) | null;
  processing: EditorVideoOptions['stream_processing'];
  errors: FieldErrors;
}) {
  const id = useId();
  const [source, setSource] = useState(video?.video_stream_source ?? '');
  const [state, setState] = useState<Processing | null>(video);
  const [sending, setSending] = useState<Sending | null>(null);
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const upload = useRef<Upload | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => void upload.current?.abort(), []);

  // While the server works on it, read its progress every two seconds.
  const status = state?.video_stream_status;
  const idVideo = video?.id_video;
  useEffect(() => {
    if (!idVideo || (status !== 'queued' && status !== 'processing')) return;
    const timer = setInterval(() => {
      api.call('editor.getVideo', { params: { idVideo } }).then(
        (answer) => setState(answer.video),
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [idVideo, status]);

  function send(file: File) {
    setError(null);
    const refusal = refusalOf(file);
    if (refusal) {
      setError(refusal);
      return;
    }
    void upload.current?.abort();
    setSending({ fileName: file.name, sent: 0, total: file.size, reconnecting: false });
    const current = new Upload(file, {
      endpoint: RESUMABLE_UPLOAD_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      headers: browserHeaders(),
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setSending((s) => (s ? { ...s, sent, total, reconnecting: false } : s)),
      onShouldRetry: (err) => {
        const code = err.originalResponse?.getStatus() ?? 0;
        // A refusal (wrong type, too large, signed out) will not change by trying again.
        if (code >= 400 && code < 500 && code !== 409 && code !== 423) return false;
        setSending((s) => (s ? { ...s, reconnecting: true } : s));
        return true;
      },
      onError: (err) => {
        if (upload.current !== current) return;
        upload.current = null;
        setSending(null);
        setError(uploadError(err));
      },
      onSuccess: ({ lastResponse }) => {
        if (upload.current !== current) return;
        upload.current = null;
        setSending(null);
        const mediaPath = lastResponse.getHeader(RESUMABLE_MEDIA_PATH_HEADER);
        if (!mediaPath) {
          setError('The upload finished but the server did not say where it stored the file. Try again.');
          return;
        }
        setSource(mediaPath);
        setUploadedName(file.name);
      },
    });
    upload.current = current;
    // A file this browser started before (a reload, a crash) continues where it stopped.
    current.findPreviousUploads().then(
      (previous) => {
        if (upload.current !== current) return;
        if (previous[0]) current.resumeFromPreviousUpload(previous[0]);
        current.start();
      },
      () => current.start(),
    );
  }

  function cancel() {
    const current = upload.current;
    upload.current = null;
    void current?.abort(true);
    setSending(null);
    input.current?.focus();
  }

  async function retry() {
    if (!idVideo) return;
    setRetrying(true);
    setError(null);
    try {
      const answer = await api.call('editor.retryVideoStream', { params: { idVideo } });
      setState(answer.video);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setRetrying(false);
    }
  }

  const percent = sending ? Math.floor((sending.sent / Math.max(1, sending.total)) * 100) : 0;
  const savedSource = state?.video_stream_source ?? '';
  const unsaved = !!source && source !== savedSource;
  const hintId = `${id}-hint`;

  return (
    <div id={fieldId('video_stream_source')} tabIndex={-1} className="space-y-3 outline-none">
      <input type="hidden" name="video_stream_source" value={source} />
      <div>
        <p className="text-sm font-semibold text-ink-900">Video file</p>
        <p id={hintId} className="mt-0.5 text-sm text-stone-600">
          A phone or camera recording (MP4, MOV or WebM, up to {formatUploadBytes(UPLOAD_KINDS.video.maxBytes)}). The site turns
          it into adaptive streaming, no taller than the recording, with a poster and a short preview.
        </p>
      </div>

      {!processing.available ? (
        <div role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">Video processing is not available on this server.</p>
          <p className="mt-1">{processing.help}</p>
          <p className="mt-1">Until then, enter the path of a ready-made HLS manifest below.</p>
        </div>
      ) : (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            const file = e.dataTransfer.files[0];
            if (file) send(file);
          }}
          className={cx(
            'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-5 text-center',
            dragging ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-stone-50',
          )}
        >
          <p className="text-sm text-stone-700">Drop the video file here, or</p>
          <FilePickButton
            ref={input}
            id={`${id}-file`}
            accept={ACCEPT}
            describedBy={hintId}
            disabled={!!sending}
            onFile={send}
            variant="secondary"
            size="sm"
          >
            {source ? 'Choose another video file' : 'Choose a video file'}
          </FilePickButton>
        </div>
      )}

      {sending ? (
        <UploadProgress
          fileName={sending.fileName}
          percent={percent}
          status={sending.reconnecting ? 'Connection lost, resuming' : 'Uploading'}
          onCancel={cancel}
        >
          <p className="text-xs text-stone-600">
            {formatUploadBytes(sending.sent)} of {formatUploadBytes(sending.total)}. If the connection drops, the upload continues
            where it stopped.
          </p>
        </UploadProgress>
      ) : null}

      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <ErrorText id={fieldErrorId('video_stream_source')} message={errors.video_stream_source} />

      {unsaved ? (
        <p role="status" className="rounded-xl border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          {uploadedName ? `${uploadedName} is uploaded.` : 'A new video file is chosen.'} Save the video to start processing it.
        </p>
      ) : null}

      {!unsaved && state?.video_stream_status ? (
        <ProcessingStatus state={state} onRetry={() => void retry()} retrying={retrying} canRetry={processing.available} />
      ) : null}
    </div>
  );
}

function ProcessingStatus({
  state,
  onRetry,
  retrying,
  canRetry,
}: {
  state: Processing;
  onRetry: () => void;
  retrying: boolean;
  canRetry: boolean;
}) {
  const status = state.video_stream_status;
  if (status === 'queued' || status === 'processing') {
    const step =
      status === 'queued'
        ? 'Waiting to be processed'
        : state.video_stream_progress < 90
          ? 'Making the streaming versions'
          : 'Taking poster frames and the preview';
    return (
      <div className="space-y-2 rounded-xl border border-stone-200 p-3" aria-live="polite">
        <div className="flex items-center gap-3 text-sm">
          <span className="min-w-0 flex-1 text-stone-700">{step}</span>
          <span className="shrink-0 font-semibold text-ink-900 tabular-nums">{state.video_stream_progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Processing the video"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.video_stream_progress}
          className="h-2.5 overflow-hidden rounded-full bg-stone-200"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${state.video_stream_progress}%` }}
          />
        </div>
        {state.video_stream_error ? <p className="text-xs text-stone-600">{state.video_stream_error}</p> : null}
        <p className="text-xs text-stone-600">
          You can leave this page: processing goes on, and the video can be published when it is ready.
        </p>
      </div>
    );
  }
  if (status === 'failed') {
    return (
      <div role="alert" className="space-y-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900">
        <p className="font-semibold">Processing failed.</p>
        <p>{state.video_stream_error}</p>
        {canRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Retrying…' : 'Try again'}
          </Button>
        ) : null}
      </div>
    );
  }
  if (status !== 'ready') return null;
  return (
    <div className="space-y-3 rounded-xl border border-stone-200 p-3">
      <p role="status" className="text-sm font-semibold text-green-800">
        Ready to stream
        {state.video_stream_width && state.video_stream_height
          ? `: ${state.video_stream_width}×${state.video_stream_height}, ${formatDuration(state.video_stream_duration ?? 0)}`
          : ''}
      </p>
      {state.video_stream_preview_signed ? (
        <video
          src={state.video_stream_preview_signed}
          controls
          muted
          playsInline
          preload="metadata"
          aria-label="Preview of the processed video"
          className="aspect-video w-full max-w-sm rounded-lg bg-black"
        />
      ) : null}
      {state.video_stream_poster_choices.length ? (
        <fieldset>
          <legend className="text-sm font-semibold text-ink-900">Pick the player poster</legend>
          <p className="text-xs text-stone-600">Choosing one saves the form.</p>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {state.video_stream_poster_choices.map((choice, i) => {
              const current = choice.media_path === state.video_stream_poster;
              return (
                <button
                  key={choice.media_path}
                  type="submit"
                  name="video_stream_poster_pick"
                  value={choice.media_path}
                  aria-pressed={current}
                  aria-label={`Use frame ${i + 1} as the poster${current ? ' (current)' : ''}`}
                  className={cx(
                    'overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                    current ? 'border-brand-600' : 'border-transparent hover:border-stone-300',
                  )}
                >
                  <img src={choice.url} alt="" className="aspect-video w-full bg-stone-100 object-cover" />
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m}:${String(s).padStart(2, '0')}`;
}
