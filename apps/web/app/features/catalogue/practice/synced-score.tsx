import { useEffect, useRef, useState } from 'react';
import type { AlphaTabApi } from '@coderline/alphatab';
import { barStartMs, formatPracticeTime, scorePositionAt, type VideoScore } from '@fretline/contract';
import type { PracticeMedia } from './practice-media';
import { reverseStrings } from './score-strings';
import { followMediaTime } from './follow-media-time';

export interface SyncedScoreProps {
  score: VideoScore;
  /** The practice player's media, once it has one; null before. */
  media: PracticeMedia | null;
  /** Left-handed: the account's setting or the player's mirror (ADR 0088: the strings in reverse order). */
  mirror: boolean;
  /** The practice player's loop (seconds), once it is up: a range of bars sets it. */
  setLoop: ((start: number, end: number) => void) | null;
}

/** Where a bar is drawn, in the rendered score's pixels (alphaTab's bounds lookup). */
interface BarBox {
  index: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

function barBoxes(api: AlphaTabApi): BarBox[] {
  const boxes: BarBox[] = [];
  for (const system of api.boundsLookup?.staffSystems ?? [])
    for (const bar of system.bars) {
      const { x, y, w, h } = bar.realBounds;
      boxes[bar.index] = { index: bar.index, x, y, w, h };
    }
  return boxes.filter(Boolean);
}

/**
 * Tab and notation synced to the video (product.md#chords, ADR 0088). alphaTab only draws the
 * score (no player, no sound font, no worker); the current bar and the cursor are ours, placed from
 * its bounds lookup and moved by the video's own time through the sync points, so speed, seeking and
 * loops keep it in step. A bar is a button: press it to play from there; shift-press (or drag, or
 * "Loop bars" then two presses) a range to loop those bars in the practice player.
 */
export function SyncedScore({ score, media, mirror, setLoop }: SyncedScoreProps) {
  const host = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const cursor = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<AlphaTabApi | null>(null);
  const [boxes, setBoxes] = useState<BarBox[]>([]);
  const [failed, setFailed] = useState(false);
  const [current, setCurrent] = useState(-1);
  // The first bar of a range being chosen (a shift-press, a drag or "Loop bars" extends it).
  const [anchor, setAnchor] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  const [selection, setSelection] = useState<{ from: number; to: number } | null>(null);
  const [announce, setAnnounce] = useState('');
  const drag = useRef<{ from: number; to: number } | null>(null);
  const mirrored = useRef(false);
  const wanted = useRef(mirror);
  wanted.current = mirror;
  const points = score.score_sync_points;

  // alphaTab and the file arrive only for a lesson with a score (ADR 0088: a lazy chunk).
  useEffect(() => {
    let live = true;
    let instance: AlphaTabApi | null = null;
    Promise.all([
      import('@coderline/alphatab'),
      fetch(score.score_src, { credentials: 'same-origin' }).then((res) => {
        if (!res.ok) throw new Error(`score ${res.status}`);
        return res.arrayBuffer();
      }),
    ])
      .then(([alphaTab, bytes]) => {
        if (!live || !host.current) return;
        instance = new alphaTab.AlphaTabApi(host.current, {
          core: {
            fontDirectory: '/alphatab/font/',
            useWorkers: false,
            enableLazyLoading: false,
            logLevel: alphaTab.LogLevel.None,
          },
          // A phone gets a smaller drawing: more of the score shows under its sticky video (ADR 0088).
          display: { layoutMode: alphaTab.LayoutMode.Page, scale: window.matchMedia('(min-width: 1024px)').matches ? 0.9 : 0.8 },
          // Scrolling is ours (the score's own box, never the page): alphaTab's would scroll the
          // whole page to the score once it is drawn.
          player: {
            playerMode: alphaTab.PlayerMode.Disabled,
            enableCursor: false,
            enableUserInteraction: false,
            scrollMode: alphaTab.ScrollMode.Off,
          },
        });
        const loaded = instance;
        loaded.scoreLoaded.on((s) => {
          mirrored.current = false;
          if (wanted.current) {
            reverseStrings(s);
            mirrored.current = true;
          }
        });
        loaded.postRenderFinished.on(() => live && setBoxes(barBoxes(loaded)));
        loaded.error.on(() => live && setFailed(true));
        loaded.load(new Uint8Array(bytes));
        setApi(loaded);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      instance?.destroy();
      setApi(null);
      setBoxes([]);
    };
  }, [score.score_src]);

  // The mirror turned on or off after loading: reverse again and draw anew.
  useEffect(() => {
    if (!api?.score || mirrored.current === mirror) return;
    reverseStrings(api.score);
    mirrored.current = mirror;
    api.renderScore(api.score);
  }, [api, mirror]);

  // The video's time → the bar and the cursor: on the media's events, and every frame while it plays.
  useEffect(() => {
    if (!media || !boxes.length) return;
    const update = () => {
      const at = scorePositionAt(points, media.currentTime() * 1000, score.score_bar_count);
      setCurrent(at?.bar ?? -1);
      const box = at ? boxes[at.bar] : undefined;
      const line = cursor.current;
      if (!line) return;
      if (!box || !at) line.style.display = 'none';
      else {
        line.style.display = '';
        line.style.transform = `translate(${box.x + at.fraction * box.w}px, ${box.y}px)`;
        line.style.height = `${box.h}px`;
      }
    };
    return followMediaTime(media, update);
  }, [media, boxes, points, score.score_bar_count]);

  // The current bar stays in view, scrolling only the score (never the page).
  useEffect(() => {
    const box = boxes[current];
    const view = scroller.current;
    if (!box || !view) return;
    if (box.y < view.scrollTop || box.y + box.h > view.scrollTop + view.clientHeight) view.scrollTop = Math.max(0, box.y - 32);
    if (box.x < view.scrollLeft || box.x + box.w > view.scrollLeft + view.clientWidth) view.scrollLeft = Math.max(0, box.x - 8);
  }, [current, boxes]);

  const startOf = (bar: number) => {
    const ms = barStartMs(points, bar);
    return ms === null ? null : ms / 1000;
  };
  const endOf = (bar: number) => {
    const next = startOf(bar + 1);
    if (next !== null) return next;
    const duration = media?.duration() ?? Number.NaN;
    return Number.isFinite(duration) ? duration : null;
  };

  const loopBars = (a: number, b: number) => {
    const from = Math.min(a, b);
    const to = Math.max(a, b);
    const start = startOf(from);
    const end = endOf(to);
    setSelection({ from, to });
    setAnchor(null);
    setPicking(false);
    if (start === null || end === null || end <= start || !setLoop) {
      setAnnounce(`Bars ${from + 1} to ${to + 1} are not synced to the video yet.`);
      return;
    }
    // Tenths, as the practice player's own loop keeps them.
    setLoop(Math.round(start * 10) / 10, Math.round(end * 10) / 10);
    setAnnounce(`Looping bars ${from + 1} to ${to + 1}`);
  };

  const press = (bar: number, extend: boolean) => {
    if ((extend || picking) && anchor !== null) return loopBars(anchor, bar);
    setAnchor(bar);
    if (picking) {
      setSelection({ from: bar, to: bar });
      setAnnounce(`From bar ${bar + 1}: now press the last bar to loop`);
      return;
    }
    setSelection(null);
    const start = startOf(bar);
    if (start === null || !media) {
      setAnnounce(`Bar ${bar + 1} is not synced to the video yet.`);
      return;
    }
    media.seek(start);
  };

  const surface = boxes.length ? Math.max(...boxes.map((b) => b.y + b.h)) : 0;

  return (
    <section
      aria-label="Tab and notation"
      // On a phone the video stays at the top (sticky): a jump to the score lands below it.
      className="rounded-2xl border border-stone-200 bg-white p-3 max-lg:scroll-mt-[calc(56.25vw+5rem)]"
      data-testid="synced-score"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-brand-700">Tab and notation</h2>
        <div className="flex items-center gap-2">
          {selection && selection.from !== selection.to ? (
            <span className="text-xs text-stone-600" data-testid="score-selection">
              Bars {selection.from + 1}–{selection.to + 1}
            </span>
          ) : null}
          <button
            type="button"
            aria-pressed={picking}
            onClick={() => {
              setPicking(!picking);
              setAnchor(null);
              setAnnounce(picking ? '' : 'Press the first bar to loop, then the last');
            }}
            className="inline-flex min-h-11 items-center rounded-full bg-stone-100 px-4 text-sm font-semibold text-ink-900 hover:bg-brand-50 aria-pressed:bg-brand-700 aria-pressed:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Loop bars
          </button>
        </div>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          The score could not be drawn. The lesson plays as usual.
        </p>
      ) : null}
      {/* Scrolls on its own: a phone shows a few bars at a time, the current one kept in view. */}
      <div
        ref={scroller}
        className="relative max-h-[max(16rem,calc(100dvh-56.25vw-10rem))] overflow-auto overscroll-contain lg:max-h-[28rem]"
      >
        <div className="relative" style={{ minHeight: surface || undefined }}>
          <div ref={host} data-testid="score-render" className="text-ink-900" />
          {boxes.length ? (
            <ol aria-label="Bars: press to play from there, shift-press to loop a range" className="absolute inset-0 z-10">
              {boxes.map((box) => {
                const at = startOf(box.index);
                const selected = selection !== null && box.index >= selection.from && box.index <= selection.to;
                return (
                  <li key={box.index}>
                    <button
                      type="button"
                      data-testid="score-bar"
                      data-bar={box.index}
                      aria-current={box.index === current ? 'true' : undefined}
                      aria-pressed={selected}
                      onClick={(event) => press(box.index, event.shiftKey)}
                      onPointerDown={(event) => {
                        if (event.pointerType === 'mouse' && !event.shiftKey && !picking)
                          drag.current = { from: box.index, to: box.index };
                      }}
                      onPointerEnter={() => {
                        if (drag.current) {
                          drag.current.to = box.index;
                          setSelection({
                            from: Math.min(drag.current.from, box.index),
                            to: Math.max(drag.current.from, box.index),
                          });
                        }
                      }}
                      onPointerUp={(event) => {
                        const made = drag.current;
                        drag.current = null;
                        if (made && made.from !== made.to) {
                          event.preventDefault();
                          loopBars(made.from, made.to);
                        }
                      }}
                      className="absolute rounded-md border-2 border-transparent hover:border-brand-300 focus-visible:border-brand-500 focus-visible:outline-none aria-pressed:bg-amber-300/25 aria-[current=true]:bg-brand-500/15"
                      style={{ left: box.x, top: box.y, width: box.w, height: box.h }}
                    >
                      <span className="sr-only">
                        Bar {box.index + 1}
                        {at !== null ? ` at ${formatPracticeTime(at)}` : ''}: play from here
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          ) : null}
          <div
            ref={cursor}
            aria-hidden="true"
            data-testid="score-cursor"
            className="pointer-events-none absolute left-0 top-0 z-20 w-0.5 bg-brand-600"
            style={{ display: 'none' }}
          />
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </section>
  );
}
