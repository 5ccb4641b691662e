import { useEffect, useId, useRef, useState } from 'react';
import { formatChordTime, SCORE_ACCEPT, sortScoreSync, type EditorVideoScore, type ScoreSyncPoint } from '@fretline/contract';
import { Button, Card } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { errorMessage } from '../../../lib/api-client';
import { TimedMarkRow, usePreviewTime } from './tap-list';

/** A nudge moves a bar line by a tenth of a second, as the chord timeline's does. */
const NUDGE_MS = 100;

interface Point extends ScoreSyncPoint {
  key: number;
}

export interface ScorePanelProps {
  idVideo: number;
  /** The video player, given its stream and the element callback (the route composes it). */
  player: (stream: { src: string; poster: string | null }, onVideo: (video: HTMLVideoElement | null) => void) => React.ReactNode;
}

/** The file's bytes in base64, as the API takes them (alphaTex text and Guitar Pro binaries alike). */
async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Tab and notation (product.md#chords, ADR 0088): the editor attaches a score file (the API parses
 * it and refuses one it cannot read), then plays the video here and taps at each bar line; each tap
 * is the next bar's start. Points can be nudged by 0.1 s, removed or jumped to, and are saved whole.
 */
export function ScorePanel({ idVideo, player }: ScorePanelProps) {
  const ids = useId();
  const [score, setScore] = useState<EditorVideoScore | null | undefined>(undefined);
  const [stream, setStream] = useState<{ src: string; poster: string | null } | null | undefined>(undefined);
  const [points, setPoints] = useState<Point[]>([]);
  const [busy, setBusy] = useState<'file' | 'sync' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const [time, setTime] = usePreviewTime(element);
  const nextKey = useRef(1);
  const fileInput = useRef<HTMLInputElement>(null);

  const show = (next: EditorVideoScore | null) => {
    setScore(next);
    setPoints((next?.score_sync_points ?? []).map((p) => ({ ...p, key: nextKey.current++ })));
  };

  useEffect(() => {
    let live = true;
    Promise.all([
      api.call('editor.getVideoScore', { params: { idVideo } }),
      // The captions and chord panels read the same preview: no read may cancel another's.
      api.call('editor.previewVideo', { cancelKey: false, params: { idVideo }, query: { as: 'member' } }),
    ])
      .then(([loaded, preview]) => {
        if (!live) return;
        show(loaded.score);
        const src = preview.video.video_stream_manifest_signed;
        setStream(src ? { src, poster: preview.video.video_stream_poster_signed } : null);
      })
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [idVideo]);

  const change = (next: Point[]) => {
    setPoints(sortScoreSync(next));
    setNotice(null);
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    setBusy('file');
    setError(null);
    setNotice(null);
    try {
      const res = await api.call('editor.putVideoScore', {
        params: { idVideo },
        body: { score_file_name: file.name, score_base64: await fileBase64(file) },
      });
      show(res.score);
      setNotice(`Attached ${file.name}: ${res.score?.score_bar_count ?? 0} bars.`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const remove = async () => {
    setBusy('remove');
    setError(null);
    try {
      await api.call('editor.deleteVideoScore', { params: { idVideo } });
      show(null);
      setNotice('Score removed: learners no longer see it.');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const nextBar = points.length ? (points[points.length - 1] as Point).bar + 1 : 0;
  const barCount = score?.score_bar_count ?? 0;

  const tap = () => {
    if (nextBar >= barCount) return;
    const at = Math.round((element?.currentTime ?? time) * 1000);
    change([...points, { bar: nextBar, at_ms: at, key: nextKey.current++ }]);
  };

  const nudge = (key: number, by: number) =>
    change(points.map((p) => (p.key === key ? { ...p, at_ms: Math.max(0, p.at_ms + by) } : p)));

  const seek = (ms: number) => {
    if (element) element.currentTime = ms / 1000;
    setTime(ms / 1000);
  };

  const save = async () => {
    setBusy('sync');
    setError(null);
    try {
      const res = await api.call('editor.setScoreSync', {
        params: { idVideo },
        body: { score_sync_points: points.map(({ bar, at_ms }) => ({ bar, at_ms })) },
      });
      show(res.score);
      const count = res.score?.score_sync_points.length ?? 0;
      setNotice(`Saved: ${count} ${count === 1 ? 'bar line' : 'bar lines'}.`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="space-y-3" data-testid="score-panel">
      <h2 id={`${ids}-title`} className="text-lg font-bold text-ink-900">
        Tab and notation
      </h2>
      <p className="text-sm text-stone-600">
        Attach the lesson’s score as alphaTex (.alphatex, .atex), Guitar Pro (.gp, .gpx, .gp5) or MusicXML; learners see it follow
        the video once its bars are synced.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${ids}-file`} className="mb-1 block text-sm font-semibold text-ink-900">
            {score ? 'Replace the score file' : 'Score file'}
          </label>
          <input
            ref={fileInput}
            id={`${ids}-file`}
            type="file"
            accept={SCORE_ACCEPT}
            disabled={busy !== null || score === undefined}
            onChange={(event) => void attach(event.target.files?.[0])}
            className="block text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white"
          />
        </div>
        {score ? (
          <Button variant="secondary" onClick={() => void remove()} busy={busy === 'remove'} disabled={busy !== null}>
            Remove score
          </Button>
        ) : null}
      </div>
      {score ? (
        <p className="text-sm text-stone-700" data-testid="score-file">
          <strong className="font-semibold">{score.score_file_name}</strong>
          {score.score_title ? ` — ${score.score_title}` : ''} · {score.score_bar_count} bars
        </p>
      ) : null}

      {score && stream === null ? (
        <p className="text-sm text-stone-600">
          Syncing needs the uploaded video playing here. Upload and process the video first.
        </p>
      ) : score ? (
        <section aria-labelledby={`${ids}-title`} className="grid gap-4 lg:grid-cols-2">
          <div className="min-w-0 space-y-3">
            {stream ? player(stream, setElement) : <div className="aspect-video rounded-xl bg-ink-900" />}
            <p className="text-sm text-stone-600">
              Play the video and tap at each bar line: each tap is where the next bar starts. Nudge a point by 0.1 s, then save.
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                onClick={tap}
                disabled={nextBar >= barCount}
                className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 font-bold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-40"
              >
                Tap at each bar line
              </button>
              <span className="text-sm tabular-nums text-stone-600">
                {nextBar < barCount ? `Next: bar ${nextBar + 1} at ${formatChordTime(time)}` : 'Every bar is synced.'}
              </span>
            </div>
          </div>
          <div className="min-w-0 space-y-3">
            <h3 className="text-sm font-semibold text-stone-700">Sync points ({points.length})</h3>
            {points.length ? (
              <ol className="max-h-96 space-y-1 overflow-y-auto" data-testid="score-sync-points">
                {points.map((p) => {
                  const label = `bar ${p.bar + 1} at ${formatChordTime(p.at_ms / 1000)}`;
                  return (
                    <TimedMarkRow
                      key={p.key}
                      label={label}
                      removeVerb="Remove"
                      testId="score-sync-point"
                      onJump={() => seek(p.at_ms)}
                      onNudge={(direction) => nudge(p.key, direction * NUDGE_MS)}
                      onRemove={() => change(points.filter((x) => x.key !== p.key))}
                    >
                      <span className="font-bold text-ink-900">Bar {p.bar + 1}</span>
                      <span className="tabular-nums text-stone-600" data-testid="score-sync-time">
                        {formatChordTime(p.at_ms / 1000)}
                      </span>
                    </TimedMarkRow>
                  );
                })}
              </ol>
            ) : (
              <p className="text-sm text-stone-600">
                No bars synced yet: learners see the score without a moving bar until there are some.
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <Button variant="primary" onClick={() => void save()} busy={busy === 'sync'} disabled={busy !== null}>
                Save sync
              </Button>
              {/* Tapping again from the first bar: the list is only replaced when saved. */}
              {points.length ? (
                <Button variant="secondary" onClick={() => change([])} disabled={busy !== null}>
                  Start again
                </Button>
              ) : null}
            </div>
          </div>
        </section>
      ) : null}
      {notice ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
