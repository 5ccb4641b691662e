import type { PracticeMedia } from './practice-media';

/**
 * Calls `update` now, on each of the media's events and on every animation frame while it plays,
 * so what follows the video's time (Now / Next, the score's cursor) moves with speed changes,
 * seeks and A–B loops without knowing of them. Gives back the way to stop. Its own module: only
 * the lazily loaded practice parts use it, so it stays out of the lesson page's first load.
 */
export function followMediaTime(media: PracticeMedia, update: () => void): () => void {
  let frame = 0;
  const tick = () => {
    update();
    frame = media.paused() ? 0 : requestAnimationFrame(tick);
  };
  update();
  const unsubscribe = media.subscribe((event) => {
    update();
    if (event === 'play' && !frame) frame = requestAnimationFrame(tick);
  });
  if (!media.paused()) frame = requestAnimationFrame(tick);
  return () => {
    unsubscribe();
    cancelAnimationFrame(frame);
  };
}
