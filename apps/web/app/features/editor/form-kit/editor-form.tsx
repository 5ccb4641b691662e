import { useCallback, useContext, useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { entryFacts, type EntryKind, type SavedEntry } from './entry-kind';
import { FormSection, entryFields, fieldId, type EditorFormResult } from './fields';
import { SaveBar } from './save-bar';
import { TitleSlugFields } from './title-slug-fields';
import { FormEditContext, UnsavedChangesPrompt, announceEdit, useUnsavedChanges } from './unsaved-changes';
import { AutosaveStatusLine, useDraftAutosave } from './autosave';
import { EntryChangedContext } from './editor-page-header';

/**
 * The result of the last save above the form: a summary of errors linking to each field, or the
 * success message. Focus moves here after a save so keyboard and screen reader users hear it.
 */
function FormMessages({
  result,
  notice,
  noun,
  labelOf,
}: {
  result: EditorFormResult | undefined;
  notice?: string | null | undefined;
  noun: string;
  /** A field's name in words, from its API path, when the summary names each field (the video form). */
  labelOf?: ((path: string) => string) | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) box.current?.focus();
  }, [result]);
  const errors = Object.entries(result?.errors ?? {});
  return (
    <div ref={box} tabIndex={-1} className="outline-none">
      {result && !result.ok ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{result.message ?? `The ${noun} was not saved.`}</p>
          {errors.length > 1 || (errors.length === 1 && errors[0]![1] !== result.message) ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {errors.map(([path, message]) => (
                <li key={path}>
                  <a href={`#${fieldId(path)}`} className="underline">
                    {labelOf ? `${labelOf(path)}: ${message}` : message}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : result?.ok || notice ? (
        <p role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          {result?.message ?? notice}
        </p>
      ) : null}
    </div>
  );
}

/** What every entry form takes: the saved entry (null on a new entry's page) and the last save's result. */
export interface EntryFormProps<E> {
  saved: E | null;
  result: EditorFormResult | undefined;
  /** Shown above the form (e.g. "Draft created."), when no newer result replaces it. */
  notice?: string | null | undefined;
}

/** The form's errors from the last save, and its plain fields read from the saved entry (`entryFields`). */
export function useEntryForm<E extends object>({ saved, result }: EntryFormProps<E>) {
  const errors = result?.errors ?? {};
  return { errors, field: entryFields(saved, errors) };
}

/**
 * An entry's form, saved whole (ADR 0037): the result of the last save, the note on required
 * fields, the Basics group (title and slug first, then `basics`), the other groups (`children`),
 * and the save bar beside them (below them on phones). `saved` is null on a new entry's page.
 */
export function EditorForm<P extends 'video' | 'course' | 'stream' | 'resource'>({
  kind,
  saved,
  result,
  notice,
  labelOf,
  confirmStatus,
  autosave = false,
  basics,
  children,
}: {
  kind: EntryKind<P>;
  saved: SavedEntry<P> | null;
  result: EditorFormResult | undefined;
  notice?: string | null | undefined;
  /** A field's name in words, for a summary that names each field (the video form). */
  labelOf?: (path: string) => string;
  /** Whether publishing and unpublishing ask once more (all but the video form). */
  confirmStatus?: boolean;
  /** Whether a saved draft saves itself after a pause (ADR 0061; every entry form). Never a published entry. */
  autosave?: boolean;
  basics: React.ReactNode;
  children: React.ReactNode;
}) {
  const facts = saved ? entryFacts(kind, saved) : null;
  const published = facts?.published ?? false;
  // A page of its own is linked once saved (a draft too, where editors can preview it); an entry
  // without one links to the public list it appears on, once published.
  const previewHref = !facts
    ? null
    : facts.publicHref
      ? kind.draftPreview || published
        ? facts.publicHref
        : null
      : published
        ? (kind.listedAt ?? null)
        : null;
  const errors = result?.errors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const { blocker: leaving, markSaved } = useUnsavedChanges(formRef);
  const autosaving = autosave && saved !== null && !published;
  const changedAt = useContext(EntryChangedContext);
  const autosaveStatus = useDraftAutosave(formRef, {
    enabled: autosaving,
    onSaved: (updated) => {
      markSaved();
      if (updated) changedAt(updated);
    },
  });
  const edited = useCallback(() => announceEdit(formRef.current), []);
  return (
    <FormEditContext.Provider value={edited}>
      <Form ref={formRef} method="post" noValidate className="space-y-6" aria-describedby="form-required-note">
        <UnsavedChangesPrompt blocker={leaving} />
        <FormMessages result={result} notice={notice} noun={kind.noun} labelOf={labelOf} />
        {autosaving ? <AutosaveStatusLine status={autosaveStatus} /> : null}
        <p id="form-required-note" className="text-sm text-stone-600">
          Fields marked <span className="text-brand-700">*</span> are needed to save.
        </p>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start">
          <div className="min-w-0 space-y-6">
            <FormSection id="group-basics" title="Basics">
              <TitleSlugFields
                prefix={kind.prefix}
                saved={facts ?? undefined}
                publicPath={kind.publicPath}
                hintWithoutPage={kind.slugHint}
                errors={errors}
              />
              {basics}
            </FormSection>
            {children}
          </div>
          <SaveBar
            noun={kind.noun}
            isNew={saved === null}
            published={published}
            previewHref={previewHref}
            publicWhere={kind.publicWhere}
            confirm={confirmStatus ?? true}
          />
        </div>
      </Form>
    </FormEditContext.Provider>
  );
}
