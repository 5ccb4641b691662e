import { describe, expect, it, vi } from 'vitest';
import { NO_COOKIE_CONSENT } from '@fretline/contract';
import { createActionRecorder, toActionValues, type QueuedAction } from './analytics';
import { ACCEPT_ALL, REJECT_NON_ESSENTIAL, answeredConsent, type Consent } from './consent';
import { shouldRecordPageLoad, trackedPageLoadValues } from './page-load';
import { createLimiter } from './preload';
import { claimReload, isChunkLoadError, RELOAD_GUARD_KEY } from './reload-guard';
import { isStorableReturnRoute, returnRouteFrom } from './return-route';
import { readReturnRoute } from './return-route.server';

describe('return route (product.md#pages)', () => {
  it.each(['/signup', '/login', '/login/123456', '/login-code', '/login/', '/signup?x=1'])('never stores %s', (path) => {
    expect(isStorableReturnRoute(path)).toBe(false);
  });

  it.each(['/', '/videos/intro?course=lead-guitar-1', '/me/subscriptions/4', '/logins-explained', '/courses#lessons'])(
    'stores %s',
    (path) => {
      expect(isStorableReturnRoute(path)).toBe(true);
    },
  );

  it('refuses anything that would leave the site', () => {
    for (const path of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'videos']) {
      expect(returnRouteFrom(path)).toBe('/');
    }
  });

  it('is read from the return cookie after sign-in, defaulting to the home page', () => {
    const withCookie = new Request('http://localhost/login-code', {
      headers: { cookie: `return=${encodeURIComponent('/videos/intro?x=1')}` },
    });
    expect(readReturnRoute(withCookie)).toBe('/videos/intro?x=1');
    expect(readReturnRoute(new Request('http://localhost/login-code'))).toBe('/');
    const unsafe = new Request('http://localhost/login-code', { headers: { cookie: 'return=%2Flogin' } });
    expect(readReturnRoute(unsafe)).toBe('/');
  });
});

describe('page-load actions (product.md#pages)', () => {
  it('records every navigation except between the videos and courses routes', () => {
    expect(shouldRecordPageLoad(null, 'videos')).toBe(true);
    expect(shouldRecordPageLoad('home', 'videos')).toBe(true);
    expect(shouldRecordPageLoad('videos', 'video')).toBe(true);
    expect(shouldRecordPageLoad('videos', 'courses')).toBe(false);
    expect(shouldRecordPageLoad('courses', 'videos')).toBe(false);
    expect(shouldRecordPageLoad('videos', 'videos')).toBe(false);
  });

  it('tracks a page load with campaign, source, path, full path and referrer when a campaign or source is present', () => {
    const url = new URL('https://fretline.example/courses?utm_campaign=spring&utm_source=newsletter#top');
    expect(trackedPageLoadValues(url, 'https://mail.example/')).toEqual({
      campaign: 'spring',
      source: 'newsletter',
      path: '/courses',
      full_path: '/courses?utm_campaign=spring&utm_source=newsletter#top',
      referrer: 'https://mail.example/',
    });
    expect(trackedPageLoadValues(new URL('https://fretline.example/?source=youtube'), '')).toMatchObject({
      campaign: '',
      source: 'youtube',
    });
    expect(trackedPageLoadValues(new URL('https://fretline.example/?campaign=x'), '')).toMatchObject({
      campaign: 'x',
      source: '',
    });
    expect(trackedPageLoadValues(new URL('https://fretline.example/videos?tags=blues'), '')).toBeNull();
  });

  it('never records the secret of a thread or sign-in link a campaign points at', () => {
    const url = new URL('https://fretline.example/messages/7/7.c2lnbmF0dXJl?utm_source=mail');
    expect(trackedPageLoadValues(url, '')).toMatchObject({
      path: '/messages/7/[redacted]',
      full_path: '/messages/7/[redacted]?utm_source=mail',
    });
    expect(trackedPageLoadValues(new URL('https://fretline.example/login/123456?source=app'), '')).toMatchObject({
      path: '/login/[redacted]',
    });
  });
});

describe('analytics actions wait for consent (ADR 0005)', () => {
  function setup(initial: Consent) {
    let consent = initial;
    const listeners = new Set<() => void>();
    const sent: QueuedAction[] = [];
    const recorder = createActionRecorder({
      send: async (action) => {
        sent.push(action);
      },
      getConsent: () => consent,
      subscribeConsent: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    });
    const answer = (next: Consent) => {
      consent = next;
      for (const l of listeners) l();
    };
    return { recorder, sent, answer };
  }

  it('sends values as a list of {key, value, type: S}', () => {
    expect(toActionValues({ path: '/x', count: 3, gone: undefined })).toEqual([
      { key: 'path', value: '/x', type: 'S' },
      { key: 'count', value: '3', type: 'S' },
    ]);
  });

  it('queues actions until the visitor answers and sends them when analytics are allowed', () => {
    const { recorder, sent, answer } = setup(NO_COOKIE_CONSENT);
    recorder.record('page_load', { path: '/' });
    recorder.record('page_load', { path: '/videos' });
    expect(sent).toHaveLength(0);
    answer(ACCEPT_ALL);
    expect(sent.map((a) => a.values[0]!.value)).toEqual(['/', '/videos']);
    recorder.record('page_load', { path: '/courses' });
    expect(sent).toHaveLength(3);
  });

  it('drops the queue when the visitor refuses, and sends nothing afterwards', () => {
    const { recorder, sent, answer } = setup(NO_COOKIE_CONSENT);
    recorder.record('page_load', { path: '/' });
    answer(REJECT_NON_ESSENTIAL);
    recorder.record('page_load', { path: '/videos' });
    expect(sent).toHaveLength(0);
    expect(recorder.pending()).toBe(0);
  });

  it('sends attribution only with marketing consent as well', () => {
    const { recorder, sent } = setup(answeredConsent({ analytic: true }));
    recorder.record('tracked_page_load', { campaign: 'x' }, 'marketing');
    recorder.record('page_load', { path: '/' });
    expect(sent.map((a) => a.name)).toEqual(['page_load']);
  });

  it('does not let a failed send escape', async () => {
    const send = vi.fn().mockRejectedValue(new Error('offline'));
    const recorder = createActionRecorder({ send, getConsent: () => ACCEPT_ALL, subscribeConsent: () => () => undefined });
    recorder.record('page_load');
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('page-reload guard (product.md#constants)', () => {
  function memoryStorage() {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
  }

  it('allows one reload per 10 s', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 100_000)).toBe(true);
    expect(storage.data.get(RELOAD_GUARD_KEY)).toBe('100000');
    expect(claimReload(storage, 105_000)).toBe(false);
    expect(claimReload(storage, 109_999)).toBe(false);
    expect(claimReload(storage, 110_000)).toBe(true);
  });

  it('recognises the chunk-load failures of the browsers we support', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('route preload limiter (product.md#constants)', () => {
  it('runs at most 4 preloads at once and hands a freed slot to the next in line', async () => {
    const limiter = createLimiter(4);
    const releases = await Promise.all([1, 2, 3, 4].map(() => limiter.acquire()));
    let fifthStarted = false;
    const fifth = limiter.acquire().then((release) => {
      fifthStarted = true;
      return release;
    });
    await Promise.resolve();
    expect(limiter.active).toBe(4);
    expect(limiter.waiting).toBe(1);
    expect(fifthStarted).toBe(false);
    releases[0]!();
    releases[0]!(); // releasing twice frees one slot only
    const release5 = await fifth;
    expect(fifthStarted).toBe(true);
    expect(limiter.active).toBe(4);
    for (const release of [...releases.slice(1), release5]) release();
    expect(limiter.active).toBe(0);
  });
});
