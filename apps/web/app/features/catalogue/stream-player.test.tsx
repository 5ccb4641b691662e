// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StreamPlayer, isHlsManifest } from './stream-player';

const hlsLoaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('hls.js', () => {
  hlsLoaded.count += 1;
  return { default: { isSupported: () => false } };
});

afterEach(cleanup);

describe('StreamPlayer with an uploaded progressive file (ADR 0039)', () => {
  it('tells HLS playlists from progressive files by the signed URL path', () => {
    expect(isHlsManifest('/api/videos/media/demo/hls/clip/index.m3u8?exp=1&sig=x')).toBe(true);
    expect(isHlsManifest('/api/videos/media/uploads/2026/11/ab-lesson.mp4?exp=1&sig=x')).toBe(false);
    expect(isHlsManifest('/api/videos/media/uploads/2026/11/ab-lesson.webm')).toBe(false);
  });

  it('plays a plain MP4 natively, without loading hls.js', async () => {
    const src = '/api/videos/media/uploads/2026/11/ab-lesson.mp4?exp=1800000000&sig=x';
    render(<StreamPlayer src={src} poster={null} title="Lesson" />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByTestId('video-player').getAttribute('src')).toBe(src);
    expect(hlsLoaded.count).toBe(0);
  });

  it('keeps the stream it plays when the page hands it a newer signature of the same file, and takes another file', () => {
    const signed = (exp: number, file = 'ab-lesson') => `/api/videos/media/uploads/2026/11/${file}.mp4?exp=${exp}&sig=s${exp}`;
    const { rerender } = render(<StreamPlayer src={signed(1800000000)} poster={null} title="Lesson" />);
    // render and rerender run the effects before they return (act).
    const player = screen.getByTestId('video-player');
    rerender(<StreamPlayer src={signed(1800003600)} poster={null} title="Lesson" />);
    expect(player.getAttribute('src')).toBe(signed(1800000000));
    rerender(<StreamPlayer src={signed(1800003600, 'cd-lesson')} poster={null} title="Lesson" />);
    expect(player.getAttribute('src')).toBe(signed(1800003600, 'cd-lesson'));
  });

  it('saves a scrub made while paused at once, and leaves a seek while playing to the next report', () => {
    const onProgress = vi.fn();
    render(
      <StreamPlayer src="/api/videos/media/uploads/2026/11/ab-lesson.mp4" poster={null} title="Lesson" onProgress={onProgress} />,
    );
    const player = screen.getByTestId<HTMLVideoElement>('video-player');
    Object.defineProperty(player, 'duration', { configurable: true, value: 16 });
    Object.defineProperty(player, 'currentTime', { configurable: true, value: 5 });
    Object.defineProperty(player, 'paused', { configurable: true, value: true });
    fireEvent(player, new Event('seeked'));
    expect(onProgress).toHaveBeenCalledTimes(1);
    expect(onProgress.mock.calls[0]![0]).toMatchObject({ totalTime: 16, currentTime: 5 });
    Object.defineProperty(player, 'paused', { configurable: true, value: false });
    fireEvent(player, new Event('seeked'));
    expect(onProgress).toHaveBeenCalledTimes(1);
  });
});
