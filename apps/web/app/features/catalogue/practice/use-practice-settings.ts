import { useCallback, useEffect, useRef, useState } from 'react';
import {
  PRACTICE_DEFAULTS,
  practiceScreen,
  readPracticeValues,
  type PracticeScreen,
  type PracticeValueSet,
} from '@fretline/contract';
import { api } from '../../../lib/api.client';
import { ApiError } from '../../../lib/api-client';

/** A signed-out visitor's settings, one key per video and screen class (product.md#practice). */
const LOCAL_PREFIX = 'fretline:practice:';
const SAVE_DELAY_MS = 800;

export type PracticeValues = PracticeValueSet;

const localKey = (slug: string, screen: PracticeScreen) => `${LOCAL_PREFIX}${screen}:${slug}`;

function readLocal(key: string): PracticeValues | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    return readPracticeValues(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * Moves a visitor's settings to their account once signed in: each video's are written where the
 * account has none yet for that screen class (the account's own choice wins), then forgotten here.
 */
async function moveLocalToAccount(): Promise<void> {
  const keys = Object.keys(window.localStorage).filter((k) => k.startsWith(LOCAL_PREFIX));
  for (const key of keys) {
    const [screen, slug] = key.slice(LOCAL_PREFIX.length).split(':') as [PracticeScreen, string];
    const values = readLocal(key);
    try {
      if (values && slug && (screen === 'small' || screen === 'large')) {
        const { practice } = await api.call('videos.getPractice', {
          params: { videoSlug: slug },
          query: { practice_screen: screen },
          cancelKey: false,
        });
        if (!practice.practice_updated) {
          await api.call('videos.putPractice', { params: { videoSlug: slug }, body: { ...values, practice_screen: screen } });
        }
      }
      window.localStorage.removeItem(key);
    } catch (err) {
      // A video that is gone or locked keeps nothing; anything else is tried again next time.
      if (err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500)
        window.localStorage.removeItem(key);
    }
  }
}

/**
 * The practice settings of this video on this screen class: the account's through the API, a
 * visitor's in localStorage. Changes are saved a moment after the last one.
 */
export function usePracticeSettings(slug: string, signedIn: boolean) {
  const [values, setValues] = useState<PracticeValues>(PRACTICE_DEFAULTS);
  const [screen, setScreen] = useState<PracticeScreen>('large');
  const [loaded, setLoaded] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<PracticeValues | null>(null);

  useEffect(() => {
    let cancelled = false;
    const current = practiceScreen(window.innerWidth);
    setScreen(current);
    const load = async () => {
      if (!signedIn) {
        const local = readLocal(localKey(slug, current));
        if (local && !cancelled) setValues(local);
        return;
      }
      await moveLocalToAccount().catch(() => undefined);
      const { practice } = await api.call('videos.getPractice', {
        params: { videoSlug: slug },
        query: { practice_screen: current },
        cancelKey: false,
      });
      if (cancelled) return;
      const { practice_screen: _s, practice_updated: _u, ...rest } = practice;
      setValues(rest);
    };
    load()
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setLoaded(true);
      });
    return () => {
      cancelled = true;
    };
  }, [slug, signedIn]);

  const flush = useCallback(async () => {
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const body = { ...next, practice_screen: screen };
    if (!signedIn) {
      try {
        window.localStorage.setItem(localKey(slug, screen), JSON.stringify(body));
      } catch {
        setSaveError('Your browser would not keep these settings (storage is full or blocked).');
      }
      return;
    }
    try {
      await api.call('videos.putPractice', { params: { videoSlug: slug }, body });
      setSaveError(null);
    } catch (err) {
      setSaveError(
        err instanceof ApiError ? err.message : 'Your practice settings could not be saved. They will be tried again.',
      );
    }
  }, [screen, signedIn, slug]);

  const update = useCallback(
    (patch: Partial<PracticeValues>) => {
      setValues((prev) => {
        const next = { ...prev, ...patch };
        pending.current = next;
        return next;
      });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  // Leaving the page saves what is still waiting.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      void flush();
    },
    [flush],
  );

  return { values, update, loaded, screen, saveError };
}
