import { createContext, useEffect, useRef, type RefObject } from 'react';
import { useBeforeUnload, useBlocker, useNavigation } from 'react-router';
import { Button } from '../../../components/ui';

/**
 * A warning before leaving an entry form with unsaved changes (ADR 0060). Any edit in the form
 * (typing, choosing, the rich-text box) marks it changed; saving clears it. Leaving by a link asks
 * on the page; closing or reloading the tab gets the browser's own question. An autosave that kept
 * the latest edit (ADR 0061) clears it too (`markSaved`).
 */
/**
 * Whether an event is an edit: every input; a `change` only from a choice (select, box, file),
 * since a typed field's `change` comes when it loses focus, after its `input` already counted —
 * counting it again would undo an autosave's "nothing left to save" (ADR 0061).
 */
export function isEditEvent(event: Event): boolean {
  if (event.type !== 'change') return true;
  const el = event.target;
  if (el instanceof HTMLTextAreaElement) return false;
  return !(el instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(el.type));
}

/**
 * The event an edit that types nothing sends from inside the form (ADR 0068): a section added,
 * moved or removed, a file uploaded or picked. It bubbles to the form like an input, so the leave
 * warning and the draft's autosave see it.
 */
export const EDIT_EVENT = 'editor-edit';

/** Tells the form around `el` that it was edited without an input event (ADR 0068). */
export function announceEdit(el: Element | null | undefined): void {
  el?.dispatchEvent(new Event(EDIT_EVENT, { bubbles: true }));
}

/**
 * How a part of the form that types nothing (a repeatable list) tells the form it changed: the
 * entry form provides it; outside one it does nothing.
 */
export const FormEditContext = createContext<() => void>(() => undefined);

export function useUnsavedChanges(form: RefObject<HTMLFormElement | null>) {
  const changed = useRef(false);
  // While a save is under way (and through its redirect), nothing is being left behind.
  const navigation = useNavigation();
  const saving = useRef(false);
  if (navigation.state === 'submitting') {
    saving.current = true;
    changed.current = false;
  } else if (navigation.state === 'idle') saving.current = false;
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    // A ref, not state: re-rendering the form on every key would reset fields that follow others.
    const mark = (event: Event) => {
      if (isEditEvent(event)) changed.current = true;
    };
    // A submit is a save (or a publish, which saves first): what follows is not leaving.
    const clear = () => {
      changed.current = false;
    };
    el.addEventListener('input', mark);
    el.addEventListener('change', mark);
    el.addEventListener(EDIT_EVENT, mark);
    el.addEventListener('submit', clear);
    return () => {
      el.removeEventListener('input', mark);
      el.removeEventListener('change', mark);
      el.removeEventListener(EDIT_EVENT, mark);
      el.removeEventListener('submit', clear);
    };
  }, [form]);
  useBeforeUnload((event) => {
    if (!changed.current) return;
    event.preventDefault();
    // Older browsers show the question only when a value is set.
    event.returnValue = '';
  });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changed.current && !saving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // A draft's autosave (ADR 0061) kept everything: nothing is left behind by leaving now.
  const markSaved = () => {
    changed.current = false;
  };
  return { blocker, markSaved };
}

export function UnsavedChangesPrompt({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  if (blocker.state !== 'blocked') return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby="unsaved-title"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-lg rounded-2xl border border-amber-300 bg-white p-4 shadow-lg"
    >
      <p id="unsaved-title" className="font-semibold text-ink-900">
        Leave without saving? Your changes on this page will be lost.
      </p>
      <div className="mt-3 flex gap-2">
        <Button size="sm" onClick={() => blocker.reset()} autoFocus>
          Stay and save
        </Button>
        <Button size="sm" variant="ghost" onClick={() => blocker.proceed()}>
          Leave without saving
        </Button>
      </div>
    </div>
  );
}
