import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
/** A signed-in learner's settings the API did not take (offline): sent again, and they win. */
const UNSAVED_PREFIX = 'fretline:practice-unsaved:';
const SAVE_DELAY_MS = 800;
const OFFLINE_MESSAGE =
  'Your practice settings could not be saved just now: they are kept on this device and saved when you are back online.';

export type PracticeValues = PracticeValueSet;

const localKey = (slug: string, screen: PracticeScreen) => `${LOCAL_PREFIX}${screen}:${slug}`;
const unsavedKey = (slug: string, screen: PracticeScreen) => `${UNSAVED_PREFIX}${screen}:${slug}`;

/** The API refused the settings themselves (gone, locked, invalid): trying again would not help. */
const refused = (err: unknown) => err instanceof ApiError && err.status !== undefined && err.status >= 400 && err.status < 500;

function keysStartingWith(prefix: string): string[] {
  try {
    return Object.keys(window.localStorage).filter((k) => k.startsWith(prefix));
  } catch {
    return []; // Storage blocked (private mode): nothing was kept.
  }
}

function forget(key: string) {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing to forget.
  }
}

/** `<screen>:<slug>` after a prefix, when it is one. */
function keyParts(key: string, prefix: string): { screen: PracticeScreen; slug: string } | null {
  const [screen, slug] = key.slice(prefix.length).split(':');
  return slug && (screen === 'small' || screen === 'large') ? { screen, slug } : null;
}

/** Sends the settings kept while offline; true when none are left waiting. */
async function saveUnsaved(): Promise<boolean> {
  let left = false;
  for (const key of keysStartingWith(UNSAVED_PREFIX)) {
    const parts = keyParts(key, UNSAVED_PREFIX);
    const values = readLocal(key);
    try {
      if (parts && values)
        await api.call('videos.putPractice', {
          params: { videoSlug: parts.slug },
          body: { ...values, practice_screen: parts.screen },
          cancelKey: false,
        });
      forget(key);
    } catch (err) {
      if (refused(err)) forget(key);
      else left = true;
    }
  }
  return !left;
}

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
  for (const key of keysStartingWith(LOCAL_PREFIX)) {
    const parts = keyParts(key, LOCAL_PREFIX);
    const values = readLocal(key);
    try {
      if (values && parts) {
        const { slug, screen } = parts;
        const { practice } = await api.call('videos.getPractice', {
          params: { videoSlug: slug },
          query: { practice_screen: screen },
          cancelKey: false,
        });
        if (!practice.practice_updated) {
          await api.call('videos.putPractice', { params: { videoSlug: slug }, body: { ...values, practice_screen: screen } });
        }
      }
      forget(key);
    } catch (err) {
      // A video that is gone or locked keeps nothing; anything else is tried again next time.
      if (refused(err)) forget(key);
    }
  }
}

/**
 * The practice settings of this video on this screen class: the account's through the API, a
 * visitor's in localStorage. Changes are saved a moment after the last one; those the API could
 * not be reached for are kept in localStorage and sent again on the next visit or when the
 * browser is back online. `leftHanded` (the account's setting) mirrors the video by default.
 */
export function usePracticeSettings(slug: string, signedIn: boolean, leftHanded = false) {
  const defaults = useMemo(() => ({ ...PRACTICE_DEFAULTS, practice_mirror: leftHanded }), [leftHanded]);
  const [values, setValues] = useState<PracticeValues>(defaults);
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
      const unsaved = readLocal(unsavedKey(slug, current));
      if (!(await saveUnsaved().catch(() => false))) {
        // Still offline: what was kept here is the latest.
        if (unsaved && !cancelled) setValues(unsaved);
        if (!cancelled) setSaveError(OFFLINE_MESSAGE);
        return;
      }
      const { practice } = await api.call('videos.getPractice', {
        params: { videoSlug: slug },
        query: { practice_screen: current },
        cancelKey: false,
      });
      if (cancelled) return;
      const { practice_screen: _s, practice_updated: updated, ...rest } = practice;
      // Nothing saved for this lesson yet: the defaults, mirrored for a left-handed account.
      setValues(updated ? rest : defaults);
    };
    load()
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) setLoaded(true);
      });
    return () => {
      cancelled = true;
    };
  }, [slug, signedIn, defaults]);

  // Back online: what was kept is sent.
  useEffect(() => {
    if (!signedIn) return;
    const online = () => {
      void saveUnsaved().then((done) => {
        if (done) setSaveError((error) => (error === OFFLINE_MESSAGE ? null : error));
      });
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [signedIn]);

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
      forget(unsavedKey(slug, screen));
      setSaveError(null);
    } catch (err) {
      if (err instanceof ApiError && err.cancelled) return;
      if (refused(err)) {
        setSaveError((err as ApiError).message);
        return;
      }
      try {
        window.localStorage.setItem(unsavedKey(slug, screen), JSON.stringify(body));
        setSaveError(OFFLINE_MESSAGE);
      } catch {
        setSaveError('Your practice settings could not be saved. They will be tried again.');
      }
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
