import { useEffect, useRef, useState, type RefObject } from 'react';
import { useFetcher, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { EditorFormResult } from './fields';
import { EDIT_EVENT, isEditEvent } from './unsaved-changes';

/** How long after the last change a draft saves itself (ADR 0061). */
export const AUTOSAVE_DELAY_MS = 2000;
const AUTOSAVE_QUERY = 'autosave=1';

export type AutosaveStatus =
  | { state: 'idle' }
  | { state: 'waiting' }
  | { state: 'saving' }
  | { state: 'saved'; at: Date }
  | { state: 'failed'; message: string };

/**
 * ADR 0061: an autosave posts to the page's own action, but the page keeps its data and its form
 * (re-reading would re-mount the form under the editor's hands). An explicit save still re-reads.
 */
export function skipRevalidationOnAutosave({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction?.includes(AUTOSAVE_QUERY) ? false : defaultShouldRevalidate;
}

/**
 * A draft saves itself `delay` ms after its last change (ADR 0061), whole, through the route's
 * action. `onSaved` runs when what was saved is still what the form holds (the leave warning
 * then has nothing to warn about), with the entry's new change time (the header shows it; ADR 0068). Off (`enabled` false) for a published entry.
 */
export function useDraftAutosave(
  form: RefObject<HTMLFormElement | null>,
  {
    enabled,
    onSaved,
    delay = AUTOSAVE_DELAY_MS,
  }: { enabled: boolean; onSaved: (updated: Date | string | null) => void; delay?: number },
): AutosaveStatus {
  const fetcher = useFetcher<EditorFormResult>();
  const { pathname } = useLocation();
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });
  const edits = useRef(0);
  const sent = useRef(0);
  const saved = useRef(onSaved);
  saved.current = onSaved;
  // The listeners stay put while the page re-renders (a new `submit` each time would drop the wait).
  const post = useRef<(data: FormData) => void>(() => undefined);
  post.current = (data) => void fetcher.submit(data, { method: 'post', action: `${pathname}?${AUTOSAVE_QUERY}` });

  useEffect(() => {
    const el = form.current;
    if (!el || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      const data = new FormData(el);
      data.set('intent', 'save');
      sent.current = edits.current;
      post.current(data);
    };
    const changed = (event: Event) => {
      if (!isEditEvent(event)) return;
      edits.current += 1;
      // After React's own handler for this event: re-rendering the form before it would put a
      // controlled field (the title) back to its old value.
      setTimeout(() => setStatus((s) => (s.state === 'waiting' ? s : { state: 'waiting' })), 0);
      clearTimeout(timer);
      timer = setTimeout(send, delay);
    };
    // A button's save is the editor's own: nothing left to save by itself.
    const explicit = () => clearTimeout(timer);
    el.addEventListener('input', changed);
    el.addEventListener('change', changed);
    // ADR 0068: edits that type nothing (a section added or moved, a file picked) save themselves too.
    el.addEventListener(EDIT_EVENT, changed);
    el.addEventListener('submit', explicit);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('input', changed);
      el.removeEventListener('change', changed);
      el.removeEventListener(EDIT_EVENT, changed);
      el.removeEventListener('submit', explicit);
    };
  }, [form, enabled, delay]);

  const { state, data } = fetcher;
  useEffect(() => {
    if (state === 'submitting' || state === 'loading') setStatus({ state: 'saving' });
    else if (data) {
      if (data.ok) {
        // Edited again while saving: the next save is already waiting.
        if (edits.current === sent.current) {
          setStatus({ state: 'saved', at: new Date() });
          saved.current(data.updated ?? null);
        } else setStatus({ state: 'waiting' });
      } else setStatus({ state: 'failed', message: data.message ?? 'The draft could not be saved.' });
    }
  }, [state, data]);

  return status;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The status line beside the form: polite, so a screen reader hears it without losing its place. */
export function AutosaveStatusLine({ status }: { status: AutosaveStatus }) {
  let text: string;
  let tone = 'text-stone-600';
  switch (status.state) {
    case 'idle':
      text = 'Draft saves automatically';
      break;
    case 'waiting':
      text = 'Unsaved changes…';
      break;
    case 'saving':
      text = 'Saving…';
      break;
    case 'saved':
      text = `Saved · ${pad(status.at.getHours())}:${pad(status.at.getMinutes())}`;
      tone = 'text-emerald-800';
      break;
    case 'failed':
      text = `Not saved: ${status.message} Use Save draft to see what needs fixing.`;
      tone = 'text-red-800';
      break;
  }
  return (
    <p role="status" aria-live="polite" data-testid="autosave-status" className={`text-sm font-medium ${tone}`}>
      {text}
    </p>
  );
}
