// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamMedia, youtubeMedia } from './practice-media';

/** An iframe stand-in: its window records what the player posts; the test answers as YouTube. */
function fakeFrame() {
  const posted: { event: string; func?: string; args?: unknown[] }[] = [];
  const contentWindow = { postMessage: vi.fn((message: string) => posted.push(JSON.parse(message) as (typeof posted)[number])) };
  const frame = {
    contentWindow,
    style: { transform: '' },
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  } as unknown as HTMLIFrameElement;
  return { frame, posted, contentWindow };
}

afterEach(() => vi.useRealTimers());

describe('the YouTube player through the IFrame API messages (ADR 0058)', () => {
  it('asks to listen, then seeks, plays, pauses, sets the speed and mirrors by command', () => {
    const { frame, posted } = fakeFrame();
    const yt = youtubeMedia(frame, 'https://www.youtube-nocookie.com');
    expect(posted[0]).toMatchObject({ event: 'listening' });
    yt.seek(12.5);
    yt.play();
    yt.setRate(0.75);
    yt.pause();
    expect(posted.slice(1).map((m) => [m.func, m.args])).toEqual([
      ['seekTo', [12.5, true]],
      ['playVideo', []],
      ['setPlaybackRate', [0.75]],
      ['pauseVideo', []],
    ]);
    yt.setMirror(true);
    expect(frame.style.transform).toBe('scaleX(-1)');
    yt.dispose();
  });

  it("reads the time, length and state from the player's messages, and only from its own frame", () => {
    vi.useFakeTimers();
    const { frame, contentWindow } = fakeFrame();
    const yt = youtubeMedia(frame, 'https://www.youtube-nocookie.com');
    const events: string[] = [];
    yt.subscribe((e) => events.push(e));
    const send = (info: Record<string, unknown>, source: unknown = contentWindow) => {
      const event = new MessageEvent('message', { data: JSON.stringify({ event: 'infoDelivery', info }) });
      Object.defineProperty(event, 'source', { value: source });
      window.dispatchEvent(event);
    };
    send({ currentTime: 4, duration: 90, playerState: 1, playbackRate: 1 });
    expect(yt.duration()).toBe(90);
    expect(yt.paused()).toBe(false);
    // Between messages the time runs on at the playback rate.
    vi.advanceTimersByTime(500);
    expect(yt.currentTime()).toBeCloseTo(4.5, 1);
    send({ playerState: 2, currentTime: 5 });
    expect(yt.paused()).toBe(true);
    expect(yt.currentTime()).toBe(5);
    send({ playerState: 0 });
    expect(events).toEqual(['time', 'play', 'time', 'pause', 'ended']);
    // Another window's messages change nothing.
    send({ currentTime: 80 }, {});
    expect(yt.currentTime()).toBe(5);
    yt.dispose();
  });
});

describe('the HLS <video> surface', () => {
  it('keeps the pitch, sets the default rate too (a new source resets the rate) and hides the mirrored controls', () => {
    const video = document.createElement('video');
    video.controls = true;
    const media = streamMedia(video);
    expect(video.preservesPitch).toBe(true);
    media.setRate(0.6);
    expect(video.playbackRate).toBe(0.6);
    expect(video.defaultPlaybackRate).toBe(0.6);
    media.setMirror(true);
    expect(video.style.transform).toBe('scaleX(-1)');
    expect(video.controls).toBe(false);
    media.setMirror(false);
    expect(video.controls).toBe(true);
  });
});
