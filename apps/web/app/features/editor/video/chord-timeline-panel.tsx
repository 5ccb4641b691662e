import { useEffect, useId, useRef, useState } from 'react';
import { formatChordTime, roundChordTime, sortChordTimeline, type ChordTimelineEntry } from '@fretline/contract';
import { Button, Card } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { errorMessage } from '../../../lib/api-client';
import { TimedMarkRow, usePreviewTime } from './tap-list';

/** A nudge moves a mark by a tenth of a second: finer than a tap can be, coarse enough to hear. */
const NUDGE = 0.1;

interface Mark extends ChordTimelineEntry {
  key: number;
}

export interface ChordTimelinePanelProps {
  idVideo: number;
  /** The video's chords as saved (the timeline names them). */
  chords: string[];
  /** The video player, given its stream and the element callback (the route composes it). */
  player: (stream: { src: string; poster: string | null }, onVideo: (video: HTMLVideoElement | null) => void) => React.ReactNode;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The chord timeline (product.md#chords, ADR 0077): while the video plays here, the editor taps a
 * chord (or presses its number) to mark it at the current time, nudges marks by 0.1 s, deletes or
 * jumps to them, and saves the whole timeline. Its own panel beside the video form, reading the
 * video as a member would get it (its stream and chords as saved).
 */
export function ChordTimelinePanel({ idVideo, chords, player }: ChordTimelinePanelProps) {
  const ids = useId();
  const [stream, setStream] = useState<{ src: string; poster: string | null } | null | undefined>(undefined);
  const [marks, setMarks] = useState<Mark[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const nextKey = useRef(1);
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const [time, setTime] = usePreviewTime(element);

  useEffect(() => {
    let live = true;
    Promise.all([
      api.call('editor.getChordTimeline', { params: { idVideo } }),
      // The captions panel reads the same preview: neither read may cancel the other's.
      api.call('editor.previewVideo', { cancelKey: false, params: { idVideo }, query: { as: 'member' } }),
    ])
      .then(([timeline, preview]) => {
        if (!live) return;
        setMarks(timeline.chord_timeline.map((m) => ({ ...m, key: nextKey.current++ })));
        const src = preview.video.video_stream_manifest_signed;
        setStream(src ? { src, poster: preview.video.video_stream_poster_signed } : null);
      })
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [idVideo]);

  useEffect(() => {
    video.current = element;
  }, [element]);

  const change = (next: Mark[]) => {
    setMarks(sortChordTimeline(next));
    setNotice(null);
  };

  const mark = (chord: string) => {
    const at = roundChordTime(video.current?.currentTime ?? time);
    // A second tap at the same moment changes that mark's chord rather than adding another.
    change([...(marks ?? []).filter((m) => m.at !== at), { chord, at, key: nextKey.current++ }]);
  };

  const nudge = (key: number, by: number) =>
    change((marks ?? []).map((m) => (m.key === key ? { ...m, at: Math.max(0, roundChordTime(m.at + by)) } : m)));

  const seek = (at: number) => {
    if (video.current) video.current.currentTime = at;
    setTime(at);
  };

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await api.call('editor.setChordTimeline', {
        params: { idVideo },
        body: { chord_timeline: (marks ?? []).map(({ chord, at }) => ({ chord, at })) },
      });
      setMarks(res.chord_timeline.map((m) => ({ ...m, key: nextKey.current++ })));
      setNotice(`Saved: ${res.chord_timeline.length} ${res.chord_timeline.length === 1 ? 'mark' : 'marks'}.`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    const chord = /^[1-9]$/.test(event.key) ? chords[Number(event.key) - 1] : undefined;
    if (!chord) return;
    event.preventDefault();
    mark(chord);
  };

  return (
    <Card className="space-y-3" data-testid="chord-timeline-panel">
      <h2 id={`${ids}-title`} className="text-lg font-bold text-ink-900">
        Chord timeline
      </h2>
      {!chords.length ? (
        <p className="text-sm text-stone-600">Add the video’s chords above and save: then mark when each one starts.</p>
      ) : stream === null ? (
        <p className="text-sm text-stone-600">
          Marking needs the uploaded video playing here. Upload and process the video first.
        </p>
      ) : (
        <section aria-labelledby={`${ids}-title`} onKeyDown={onKeyDown} className="grid gap-4 lg:grid-cols-2">
          <div className="min-w-0 space-y-3">
            {stream ? player(stream, setElement) : <div className="aspect-video rounded-xl bg-ink-900" />}
            <p className="text-sm text-stone-600">
              Play the video and tap each chord as it starts (or press its number). Nudge a mark by 0.1 s, then save.
            </p>
            <div role="group" aria-label="Mark a chord now" className="flex flex-wrap gap-2">
              {chords.map((chord, i) => (
                <button
                  key={chord}
                  type="button"
                  onClick={() => mark(chord)}
                  aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                  aria-label={`Mark ${chord} at the current time`}
                  className="inline-flex min-h-11 min-w-11 items-center gap-2 rounded-full bg-brand-700 px-4 font-bold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                >
                  {i < 9 ? (
                    <kbd aria-hidden="true" className="rounded bg-white/20 px-1.5 font-mono text-xs">
                      {i + 1}
                    </kbd>
                  ) : null}
                  {chord}
                </button>
              ))}
            </div>
            <p className="text-sm tabular-nums text-stone-600" aria-hidden="true">
              Now at {formatChordTime(time)}
            </p>
          </div>
          <div className="min-w-0 space-y-3">
            <h3 className="text-sm font-semibold text-stone-700">Marks{marks ? ` (${marks.length})` : ''}</h3>
            {marks === null ? null : marks.length ? (
              <ol className="max-h-96 space-y-1 overflow-y-auto" data-testid="chord-marks">
                {marks.map((m) => {
                  const label = `${m.chord} at ${formatChordTime(m.at)}`;
                  return (
                    <TimedMarkRow
                      key={m.key}
                      label={label}
                      removeVerb="Delete"
                      testId="chord-mark"
                      onJump={() => seek(m.at)}
                      onNudge={(direction) => nudge(m.key, direction * NUDGE)}
                      onRemove={() => change(marks.filter((x) => x.key !== m.key))}
                    >
                      <span className="tabular-nums text-stone-600" data-testid="chord-mark-time">
                        {formatChordTime(m.at)}
                      </span>
                      <span className="truncate font-bold text-ink-900">{m.chord}</span>
                    </TimedMarkRow>
                  );
                })}
              </ol>
            ) : (
              <p className="text-sm text-stone-600">No marks yet: learners see no Now / Next panel until there are some.</p>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="primary" onClick={() => void save()} busy={busy} disabled={marks === null}>
                Save chord timeline
              </Button>
              {notice ? (
                <p role="status" className="text-sm font-semibold text-green-800">
                  {notice}
                </p>
              ) : null}
            </div>
          </div>
        </section>
      )}
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
