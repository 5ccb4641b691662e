/**
 * One surface over the two players the practice tools drive (ADR 0058): our HLS `<video>` and a
 * YouTube embed, driven through the IFrame API's postMessage protocol, so no script is loaded
 * from YouTube and the page's content security policy stays as it is.
 */
type PracticeMediaEvent = 'time' | 'play' | 'pause' | 'ended' | 'ready';

export interface PracticeMedia {
  readonly kind: 'stream' | 'youtube';
  currentTime(): number;
  /** NaN until known. */
  duration(): number;
  paused(): boolean;
  seek(time: number): void;
  play(): void;
  pause(): void;
  /** A multiplier (0.25–1.5); pitch is kept where the player can (preservesPitch). */
  setRate(rate: number): void;
  /** Flip the picture for a left-handed player. */
  setMirror(mirror: boolean): void;
  subscribe(listener: (event: PracticeMediaEvent) => void): () => void;
}

type Listener = (event: PracticeMediaEvent) => void;

export function streamMedia(video: HTMLVideoElement): PracticeMedia {
  const listeners = new Set<Listener>();
  let rate = 1;
  const emit = (event: PracticeMediaEvent) => listeners.forEach((l) => l(event));
  const applyRate = () => {
    // Loading a source resets playbackRate to defaultPlaybackRate: set both.
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
  };
  video.preservesPitch = true;
  const on: [string, () => void][] = [
    ['timeupdate', () => emit('time')],
    ['seeked', () => emit('time')],
    ['play', () => emit('play')],
    ['pause', () => emit('pause')],
    ['ended', () => emit('ended')],
    [
      'loadedmetadata',
      () => {
        applyRate();
        emit('ready');
      },
    ],
  ];
  for (const [name, fn] of on) video.addEventListener(name, fn);
  return {
    kind: 'stream',
    currentTime: () => video.currentTime,
    duration: () => video.duration,
    paused: () => video.paused,
    seek: (time) => {
      video.currentTime = time;
    },
    play: () => void video.play().catch(() => undefined),
    pause: () => video.pause(),
    setRate: (next) => {
      rate = next;
      applyRate();
    },
    setMirror: (mirror) => {
      video.style.transform = mirror ? 'scaleX(-1)' : '';
      // The native controls would be mirrored with the picture: the practice bar plays and seeks instead.
      video.controls = !mirror;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      if (video.readyState >= 1) listener('ready');
      return () => listeners.delete(listener);
    },
  };
}

/** The YouTube player's states in its infoDelivery messages. */
const YT_PLAYING = 1;
const YT_ENDED = 0;

export function youtubeMedia(iframe: HTMLIFrameElement, origin: string): PracticeMedia & { dispose: () => void } {
  const listeners = new Set<Listener>();
  const emit = (event: PracticeMediaEvent) => listeners.forEach((l) => l(event));
  let time = 0;
  let at = Date.now();
  let duration = Number.NaN;
  let state = -1;
  let rate = 1;
  let ready = false;
  const post = (message: Record<string, unknown>) =>
    iframe.contentWindow?.postMessage(JSON.stringify({ ...message, id: 1, channel: 'widget' }), origin);
  const command = (func: string, args: unknown[] = []) => post({ event: 'command', func, args });
  const listen = () => post({ event: 'listening' });

  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow || typeof event.data !== 'string') return;
    let data: { event?: string; info?: Record<string, unknown> };
    try {
      data = JSON.parse(event.data) as typeof data;
    } catch {
      return;
    }
    if (data.event === 'onReady' || (data.event === 'initialDelivery' && !ready)) {
      ready = true;
      command('setPlaybackRate', [rate]);
      emit('ready');
    }
    const info = data.info;
    if (!info || typeof info !== 'object') return;
    if (typeof info.currentTime === 'number') {
      time = info.currentTime;
      at = Date.now();
      emit('time');
    }
    if (typeof info.duration === 'number' && info.duration > 0) duration = info.duration;
    if (typeof info.playbackRate === 'number') rate = info.playbackRate;
    if (typeof info.playerState === 'number' && info.playerState !== state) {
      state = info.playerState;
      at = Date.now();
      emit(state === YT_PLAYING ? 'play' : state === YT_ENDED ? 'ended' : 'pause');
    }
  };
  window.addEventListener('message', onMessage);
  iframe.addEventListener('load', listen);
  listen();

  return {
    kind: 'youtube',
    // Between messages the position runs on at the playback rate.
    currentTime: () => (state === YT_PLAYING ? time + ((Date.now() - at) / 1000) * rate : time),
    duration: () => duration,
    paused: () => state !== YT_PLAYING,
    seek: (next) => {
      time = next;
      at = Date.now();
      command('seekTo', [next, true]);
    },
    play: () => command('playVideo'),
    pause: () => command('pauseVideo'),
    setRate: (next) => {
      rate = next;
      // YouTube plays the nearest speed it offers (0.25 steps).
      command('setPlaybackRate', [next]);
    },
    setMirror: (mirror) => {
      iframe.style.transform = mirror ? 'scaleX(-1)' : '';
    },
    subscribe: (listener) => {
      listeners.add(listener);
      if (ready) listener('ready');
      return () => listeners.delete(listener);
    },
    dispose: () => {
      window.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', listen);
    },
  };
}
