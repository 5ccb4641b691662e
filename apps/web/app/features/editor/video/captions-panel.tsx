import { useEffect, useId, useState } from 'react';
import {
  activeCueIndex,
  CAPTION_LABEL_MAX,
  formatVttTime,
  parseVttTime,
  readVttCues,
  serializeVtt,
  type CaptionCue,
  type EditorCaption,
  type VideoCaptionTrack,
} from '@fretline/contract';
import { Button, Card, cx, inputClasses } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { errorMessage } from '../../../lib/api-client';

/** What the route's lazily loaded stream player needs (features do not import each other). */
export interface CaptionPreviewPlayerProps {
  src: string;
  poster: string | null;
  tracks: VideoCaptionTrack[];
  onVideo: (video: HTMLVideoElement | null) => void;
}

/** One cue being edited: timings as typed text, so a half-typed time is not lost. */
interface DraftCue {
  key: number;
  start: string;
  end: string;
  text: string;
}

const NUDGE = 0.1;
let nextKey = 1;
const toDraft = (cue: CaptionCue): DraftCue => ({
  key: nextKey++,
  start: formatVttTime(cue.start),
  end: formatVttTime(cue.end),
  text: cue.text,
});

function nudge(value: string, by: number): string {
  const seconds = parseVttTime(value);
  return seconds === null ? value : formatVttTime(Math.max(0, seconds + by));
}

/**
 * Captions (docs/product.md#captions, ADR 0085): per language, upload a `.vtt` file or paste or
 * write one; the API checks it (a broken file is refused with the line that is wrong). A saved
 * language opens as a cue list whose text and timings are edited here and saved as a whole, and
 * plays in the preview beside it with its captions showing.
 */
export function CaptionsPanel({
  idVideo,
  renderPlayer,
}: {
  idVideo: number;
  renderPlayer: (props: CaptionPreviewPlayerProps) => React.ReactNode;
}) {
  const ids = useId();
  const [captions, setCaptions] = useState<EditorCaption[] | null>(null);
  const [language, setLanguage] = useState('en');
  const [label, setLabel] = useState('English');
  const [file, setFile] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [cues, setCues] = useState<DraftCue[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [preview, setPreview] = useState<{ src: string; poster: string | null; tracks: VideoCaptionTrack[] } | null>(null);
  const [videoEl, setVideoEl] = useState<HTMLVideoElement | null>(null);
  const [time, setTime] = useState(0);

  const refreshPreview = async () => {
    // The video as a member sees it, drafts included: its stream and the saved tracks (ADR 0061).
    // The chord timeline panel reads the same preview: neither read may cancel the other's.
    const { video } = await api.call('editor.previewVideo', { cancelKey: false, params: { idVideo }, query: { as: 'member' } });
    setPreview(
      video.video_stream_manifest_signed
        ? { src: video.video_stream_manifest_signed, poster: video.video_stream_poster_signed, tracks: video.video_captions }
        : null,
    );
  };

  useEffect(() => {
    let live = true;
    Promise.all([api.call('editor.listVideoCaptions', { params: { idVideo } }), refreshPreview()])
      .then(([res]) => live && setCaptions(res.captions))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [idVideo]);

  // The preview shows the language being edited.
  useEffect(() => {
    if (!videoEl) return;
    const apply = () => {
      for (const track of Array.from(videoEl.textTracks)) {
        const mode = track.language === editing ? 'showing' : 'disabled';
        if (track.mode !== mode) track.mode = mode;
      }
    };
    apply();
    const tick = () => setTime(videoEl.currentTime);
    videoEl.textTracks.addEventListener('addtrack', apply);
    // hls.js turns tracks off when it attaches: the language being edited is put back.
    videoEl.textTracks.addEventListener('change', apply);
    videoEl.addEventListener('timeupdate', tick);
    videoEl.addEventListener('seeked', tick);
    return () => {
      videoEl.textTracks.removeEventListener('addtrack', apply);
      videoEl.textTracks.removeEventListener('change', apply);
      videoEl.removeEventListener('timeupdate', tick);
      videoEl.removeEventListener('seeked', tick);
    };
  }, [videoEl, editing, preview]);

  const open = (caption: EditorCaption) => {
    setEditing(caption.caption_language);
    setLanguage(caption.caption_language);
    setLabel(caption.caption_label);
    setCues(readVttCues(caption.caption_vtt).map(toDraft));
    setError(null);
  };

  const put = async (lang: string, name: string, vtt: string, done: string) => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      const { caption } = await api.call('editor.putVideoCaption', {
        params: { idVideo, language: lang },
        body: { caption_label: name, caption_vtt: vtt },
      });
      setCaptions((list) =>
        [...(list ?? []).filter((c) => c.caption_language !== caption.caption_language), caption].sort((a, b) =>
          a.caption_language.localeCompare(b.caption_language),
        ),
      );
      open(caption);
      setFile('');
      setStatus(done);
      await refreshPreview();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const saveCues = () => {
    const parsed = cues.map((cue, i) => ({ i, start: parseVttTime(cue.start), end: parseVttTime(cue.end), text: cue.text }));
    const bad = parsed.find((cue) => cue.start === null || cue.end === null);
    if (bad) {
      setError(`Cue ${bad.i + 1}: write times as 00:00:01.500 (hours, minutes, seconds and milliseconds).`);
      return;
    }
    const vtt = serializeVtt(parsed.map((cue) => ({ start: cue.start!, end: cue.end!, text: cue.text })));
    if (editing) void put(editing, label, vtt, 'Cues saved.');
  };

  const remove = async (lang: string) => {
    setBusy(true);
    setError(null);
    try {
      await api.call('editor.deleteVideoCaption', { params: { idVideo, language: lang } });
      setCaptions((list) => (list ?? []).filter((c) => c.caption_language !== lang));
      if (editing === lang) setEditing(null);
      setStatus('Captions removed.');
      await refreshPreview();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const readFile = async (input: HTMLInputElement) => {
    const picked = input.files?.[0];
    if (picked) setFile(await picked.text());
  };

  const setCue = (key: number, change: Partial<DraftCue>) =>
    setCues((list) => list.map((cue) => (cue.key === key ? { ...cue, ...change } : cue)));
  const playing = activeCueIndex(
    cues.map((cue) => ({ start: parseVttTime(cue.start) ?? 0, end: parseVttTime(cue.end) ?? 0, text: '' })),
    time,
  );

  return (
    <Card className="space-y-4" data-testid="captions-panel">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-ink-900">Captions and transcript</h2>
        <p className="text-sm text-stone-600">
          One WebVTT file per language. Learners turn captions on in the player, read the transcript beside the video, and find
          the lesson by its words in search.
        </p>
      </div>

      {captions?.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Caption languages">
          {captions.map((caption) => (
            <li
              key={caption.caption_language}
              className="flex items-center gap-1 rounded-full border border-stone-300 py-1 pr-1 pl-3 text-sm"
            >
              <span>
                {caption.caption_label}{' '}
                <span className="text-stone-500">
                  ({caption.caption_language}, {caption.caption_cue_count} cues)
                </span>
              </span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => open(caption)}
                aria-label={`Edit the ${caption.caption_label} captions`}
              >
                Edit
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() => void remove(caption.caption_language)}
                aria-label={`Remove the ${caption.caption_label} captions`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : captions ? (
        <p className="text-sm text-stone-600">No captions yet.</p>
      ) : null}

      {preview ? <div className="max-w-xl">{renderPlayer({ ...preview, onVideo: setVideoEl })}</div> : null}

      {editing ? (
        <form
          className="space-y-2"
          aria-labelledby={`${ids}-cues`}
          onSubmit={(e) => {
            e.preventDefault();
            saveCues();
          }}
        >
          <h3 id={`${ids}-cues`} className="font-semibold text-ink-900">
            Cues: {label} ({editing})
          </h3>
          <ol className="max-h-96 space-y-2 overflow-y-auto pr-1" data-testid="cue-list">
            {cues.map((cue, i) => (
              <li
                key={cue.key}
                className={cx(
                  'space-y-1 rounded-xl border p-2',
                  i === playing ? 'border-brand-400 bg-brand-50' : 'border-stone-200',
                )}
                aria-current={i === playing ? 'true' : undefined}
              >
                <div className="flex flex-wrap items-center gap-1 text-sm">
                  {(['start', 'end'] as const).map((edge) => (
                    <span key={edge} className="flex items-center gap-1">
                      <label className="sr-only" htmlFor={`${ids}-${cue.key}-${edge}`}>
                        Cue {i + 1} {edge}
                      </label>
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        aria-label={`Cue ${i + 1} ${edge} 0.1 s earlier`}
                        onClick={() => setCue(cue.key, { [edge]: nudge(cue[edge], -NUDGE) })}
                      >
                        −
                      </Button>
                      <input
                        id={`${ids}-${cue.key}-${edge}`}
                        value={cue[edge]}
                        onChange={(e) => setCue(cue.key, { [edge]: e.target.value })}
                        className={cx(inputClasses, 'w-32 font-mono tabular-nums')}
                        inputMode="decimal"
                      />
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        aria-label={`Cue ${i + 1} ${edge} 0.1 s later`}
                        onClick={() => setCue(cue.key, { [edge]: nudge(cue[edge], NUDGE) })}
                      >
                        +
                      </Button>
                      {edge === 'start' ? <span aria-hidden="true">→</span> : null}
                    </span>
                  ))}
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => setCues((list) => list.filter((c) => c.key !== cue.key))}
                    aria-label={`Delete cue ${i + 1}`}
                  >
                    Delete
                  </Button>
                </div>
                <label className="sr-only" htmlFor={`${ids}-${cue.key}-text`}>
                  Cue {i + 1} text
                </label>
                <textarea
                  id={`${ids}-${cue.key}-text`}
                  value={cue.text}
                  rows={2}
                  onChange={(e) => setCue(cue.key, { text: e.target.value })}
                  className={cx(inputClasses, 'text-sm')}
                />
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                const last = cues.at(-1);
                const from = (last ? parseVttTime(last.end) : null) ?? time;
                setCues((list) => [...list, toDraft({ start: from, end: from + 2, text: '' })]);
              }}
            >
              Add a cue
            </Button>
            <Button type="submit" size="sm" busy={busy}>
              Save cues
            </Button>
          </div>
        </form>
      ) : null}

      <form
        className="space-y-2 border-t border-stone-200 pt-3"
        aria-labelledby={`${ids}-add`}
        onSubmit={(e) => {
          e.preventDefault();
          void put(language.trim(), label.trim(), file, 'Captions saved.');
        }}
      >
        <h3 id={`${ids}-add`} className="font-semibold text-ink-900">
          Add or replace a language
        </h3>
        <div className="flex flex-wrap gap-2">
          <div>
            <label htmlFor={`${ids}-lang`} className="mb-1 block text-sm font-semibold text-ink-900">
              Language code
            </label>
            <input
              id={`${ids}-lang`}
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
              className={cx(inputClasses, 'w-28')}
              placeholder="en"
              aria-describedby={`${ids}-lang-help`}
            />
          </div>
          <div className="min-w-0 flex-1">
            <label htmlFor={`${ids}-label`} className="mb-1 block text-sm font-semibold text-ink-900">
              Name learners see
            </label>
            <input
              id={`${ids}-label`}
              value={label}
              maxLength={CAPTION_LABEL_MAX}
              onChange={(e) => setLabel(e.target.value)}
              className={inputClasses}
            />
          </div>
        </div>
        <p id={`${ids}-lang-help`} className="text-xs text-stone-600">
          A language code such as en, es or pt-BR. Saving a language it already has replaces that file.
        </p>
        <div>
          <label htmlFor={`${ids}-file`} className="mb-1 block text-sm font-semibold text-ink-900">
            Upload a .vtt file
          </label>
          <input
            id={`${ids}-file`}
            type="file"
            accept=".vtt,text/vtt"
            onChange={(e) => void readFile(e.currentTarget)}
            className="block w-full text-sm"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-vtt`} className="mb-1 block text-sm font-semibold text-ink-900">
            Or paste or write WebVTT
          </label>
          <textarea
            id={`${ids}-vtt`}
            value={file}
            onChange={(e) => setFile(e.target.value)}
            rows={6}
            className={cx(inputClasses, 'font-mono text-sm')}
            placeholder={'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nFirst line of speech'}
            spellCheck={false}
          />
        </div>
        <Button type="submit" size="sm" busy={busy} disabled={!file.trim()}>
          Check and save
        </Button>
      </form>

      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700" data-testid="captions-error">
          {error}
        </p>
      ) : null}
      <p role="status" className="text-sm text-emerald-800">
        {status}
      </p>
    </Card>
  );
}
