import { describe, expect, it } from 'vitest';
import { createMediaStore, isSafeMediaPath, rewritePlaylist } from './media-store.ts';

const store = createMediaStore({
  secret: 'x'.repeat(40),
  mediaDir: '/tmp/fretline-media-test',
  demoDir: '/tmp/fretline-demo-test',
});
const now = new Date('2026-01-01T10:15:00Z');

describe('the media store (ADR 0017)', () => {
  it('signs URLs that verify until they expire, with an expiry rounded to the hour', () => {
    const url = store.signedUrl('demo/a.svg', now);
    const [, exp, sig] = /exp=(\d+)&sig=([\w-]+)/.exec(url)!;
    expect(Number(exp) % 3600).toBe(0);
    expect(store.verify('demo/a.svg', Number(exp), sig!, now)).toBe(true);
    expect(store.verify('demo/b.svg', Number(exp), sig!, now)).toBe(false);
    expect(store.verify('demo/a.svg', Number(exp) + 3600, sig!, now)).toBe(false);
    expect(store.verify('demo/a.svg', Number(exp), sig!, new Date(Number(exp) * 1000 + 1000))).toBe(false);
    expect(store.signedUrl('demo/a.svg', new Date(now.getTime() + 60_000))).toBe(url);
  });

  it('refuses traversal, absolute and hidden paths', () => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', '.env', 'a/.git/config', 'a\\b', 'a//b', '']) {
      expect(isSafeMediaPath(bad)).toBe(false);
      expect(store.resolveFile(bad)).toBeNull();
    }
    expect(store.resolveFile('demo/posters/x.svg')).toBe('/tmp/fretline-demo-test/posters/x.svg');
    expect(store.resolveFile('uploads/x.svg')).toBe('/tmp/fretline-media-test/uploads/x.svg');
  });

  it('rewrites every playlist URI to a signed URL and leaves tags and foreign URLs alone', () => {
    const text =
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg-0.ts\n#EXTINF:4,\nhttps://elsewhere.example/x.ts\n../../../etc/passwd\n';
    const out = rewritePlaylist(text, 'demo/hls/clip/index.m3u8', 1_800_000_000, store);
    expect(out).toContain('#EXT-X-MAP:URI="/api/videos/media/demo/hls/clip/init.mp4?exp=1800000000&sig=');
    expect(out).toContain('\n/api/videos/media/demo/hls/clip/seg-0.ts?exp=1800000000&sig=');
    expect(out).toContain('\nhttps://elsewhere.example/x.ts\n');
    expect(out).toContain('\n../../../etc/passwd\n');
  });
});
