import { describe, expect, it } from 'vitest';
import { lowestRendition, renditionFiles } from './hls-playlist';
import { isExpired, lessonSlugOf, storedKey } from './kept-copy';

const MASTER = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=1540000,RESOLUTION=960x540
/api/videos/media/streams/9/ab/v1/index.m3u8?exp=1&sig=b
#EXT-X-STREAM-INF:BANDWIDTH=880000,RESOLUTION=640x360
/api/videos/media/streams/9/ab/v0/index.m3u8?exp=1&sig=a
#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1280x720
/api/videos/media/streams/9/ab/v2/index.m3u8?exp=1&sig=c
`;

describe('a kept lesson’s stream (ADR 0079)', () => {
  it('picks the rendition with the lowest bandwidth of a master playlist', () => {
    expect(lowestRendition(MASTER)).toEqual({
      streamInf: '#EXT-X-STREAM-INF:BANDWIDTH=880000,RESOLUTION=640x360',
      uri: '/api/videos/media/streams/9/ab/v0/index.m3u8?exp=1&sig=a',
    });
  });

  it('finds no rendition in a playlist that is one itself', () => {
    expect(lowestRendition('#EXTM3U\n#EXTINF:4.0,\nsegment-00.ts\n#EXT-X-ENDLIST\n')).toBeNull();
  });

  it('lists the segments, the key and the init section a rendition names', () => {
    const playlist = `#EXTM3U
#EXT-X-KEY:METHOD=AES-128,URI="key.bin?sig=k"
#EXT-X-MAP:URI="init.mp4"
#EXTINF:4.000000,
seg_0000.ts?sig=0

#EXTINF:4.000000,
seg_0001.ts?sig=1
#EXT-X-ENDLIST`;
    expect(renditionFiles(playlist)).toEqual(['key.bin?sig=k', 'init.mp4', 'seg_0000.ts?sig=0', 'seg_0001.ts?sig=1']);
  });
});

describe('kept copies', () => {
  it('stores media by its path, since its signature changes by the hour, and anything else with its query', () => {
    const origin = 'https://fretline.test';
    expect(storedKey('https://fretline.test/api/videos/media/demo/a.ts?exp=1&sig=x', origin)).toBe('/api/videos/media/demo/a.ts');
    expect(storedKey('/api/videos/videos/x/practice?practice_screen=small', origin)).toBe(
      '/api/videos/videos/x/practice?practice_screen=small',
    );
  });

  it('knows a lesson page from any other page', () => {
    expect(lessonSlugOf('/videos/c-and-d-chords')).toBe('c-and-d-chords');
    expect(lessonSlugOf('/videos')).toBeNull();
    expect(lessonSlugOf('/videos/a/b')).toBeNull();
  });

  it('runs out at its allowed time', () => {
    const lesson = { allowed_until: '2026-12-09T10:00:00.000Z' };
    expect(isExpired(lesson, Date.parse('2026-12-09T09:59:59Z'))).toBe(false);
    expect(isExpired(lesson, Date.parse('2026-12-09T10:00:00Z'))).toBe(true);
  });
});
