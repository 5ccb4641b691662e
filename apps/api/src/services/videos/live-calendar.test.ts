import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStream } from '@fretline/contract';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { liveStreamCalendar } from './live-calendar.ts';

const stream: LiveStream = {
  id_live_stream: 7,
  stream_slug: 'blues-night',
  stream_title: 'Blues night; shuffles, turnarounds',
  stream_description:
    '<p>Bring a capo &amp; a pick.</p><p>Ünïcode wörds that run long enough to need folding at seventy-five octets.</p>',
  stream_starts: new Date('2026-12-01T19:00:00Z'),
  stream_ends: new Date('2026-12-01T20:30:00Z'),
  stream_status: 'upcoming',
  stream_premium: false,
  stream_locked: false,
  stream_poster_signed: null,
  stream_manifest_signed: null,
  stream_replay: null,
  stream_on_air: 'idle',
  stream_replay_preparing: false,
  stream_auto_replay: true,
};

describe('the live lesson calendar file', () => {
  it('is one UTC event with escaped, folded text and the page address', () => {
    const ics = liveStreamCalendar(stream, 'https://fretline.example', new Date('2026-11-25T10:00:00Z'));
    expect(ics).toContain('DTSTART:20261201T190000Z\r\n');
    expect(ics).toContain('DTEND:20261201T203000Z\r\n');
    expect(ics).toContain('SUMMARY:Blues night\\; shuffles\\, turnarounds\r\n');
    expect(ics).toContain('UID:live-7@fretline.example\r\n');
    expect(ics).toContain('URL:https://fretline.example/live/blues-night\r\n');
    // Every physical line is at most 75 octets; continuation lines start with a space.
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('DESCRIPTION:Bring a capo & a pick.\\nÜnïcode wörds');
    expect(unfolded).not.toContain('<p>');
  });
});

describe('GET /api/videos/live/:slug/calendar.ics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('answers a published stream as an iCalendar download, and 404 for an unknown one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/videos/live/practice-along-live/calendar.ics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="practice-along-live.ics"');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body).toContain('/live/practice-along-live');
    expect((await t.app.inject({ method: 'GET', url: '/api/videos/live/nope/calendar.ics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/videos/live/Bad%20Slug/calendar.ics' })).statusCode).toBe(404);
  });
});
