import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { fieldId, type EditorFormResult } from './fields';
import { SaveBarFrame } from './save-bar-frame';
import { Button } from '../../../components/ui';

/** A checkbox with a title and an explanation, sent as `true` when ticked and `false` when not. */
export function CheckField({
  name,
  title,
  description,
  defaultChecked,
}: {
  name: string;
  title: string;
  description: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-200 px-3 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50">
      {/* The hidden field goes first, so an unticked box still says false (a form sends only ticked boxes). */}
      <input type="hidden" name={name} value="false" />
      <input
        type="checkbox"
        name={name}
        value="true"
        defaultChecked={defaultChecked}
        className="mt-1 size-4 shrink-0 accent-brand-600"
      />
      <span>
        <span className="block font-semibold text-ink-900">{title}</span>
        <span className="block text-sm text-stone-600">{description}</span>
      </span>
    </label>
  );
}

/**
 * The result of the last save above the form: a summary of errors linking to each field, or the
 * success message. Focus moves here after a save so keyboard and screen reader users hear it.
 */
export function FormMessages({
  result,
  notice,
  noun,
}: {
  result: EditorFormResult | undefined;
  notice?: string | null | undefined;
  noun: string;
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
                    {message}
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

/**
 * Save and publish buttons: beside the form on wide screens, stuck to the bottom on phones. Every
 * button saves the whole form first. Publishing and unpublishing change what the public sees, so
 * they ask once more, in place: Escape or "Cancel" backs out, and focus follows each step.
 */
export function SaveBar({
  isNew,
  published,
  previewHref,
  noun,
  publicWhere,
}: {
  isNew: boolean;
  published: boolean;
  /** Where the public page is, when there is one. */
  previewHref: string | null;
  noun: string;
  /** Where the public sees it once published: 'on /courses'. */
  publicWhere: string;
}) {
  const navigation = useNavigation();
  const submitted = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined;
  const busyIntent = navigation.state === 'submitting' ? (typeof submitted === 'string' ? submitted : '') : null;
  const [confirming, setConfirming] = useState(false);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    document.getElementById(confirming ? 'status-confirm' : 'status-start')?.focus();
  }, [confirming]);
  const ask = (next: boolean) => {
    moved.current = true;
    setConfirming(next);
  };
  const target = published ? 'unpublish' : 'publish';
  return (
    <SaveBarFrame published={published} previewHref={previewHref}>
      {confirming ? (
        <div
          className="space-y-2"
          onKeyDown={(e) => {
            if (e.key === 'Escape') ask(false);
          }}
        >
          <p id="status-question" className="text-sm text-ink-900">
            {published
              ? `Save and take this ${noun} off the site? It becomes a draft that only editors see.`
              : `Save and publish this ${noun}? Everyone will see it ${publicWhere}.`}
          </p>
          <div className="flex flex-wrap gap-2 lg:flex-col">
            <Button
              id="status-confirm"
              type="submit"
              name="intent"
              value={target}
              variant={published ? 'danger' : 'primary'}
              busy={busyIntent === target}
              disabled={busyIntent !== null}
              aria-describedby="status-question"
              className="flex-auto whitespace-nowrap max-sm:px-4 lg:w-full"
            >
              {published ? 'Yes, unpublish' : 'Yes, publish'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => ask(false)}
              disabled={busyIntent !== null}
              className="flex-auto whitespace-nowrap max-sm:px-4 lg:w-full"
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2 lg:flex-col">
          <Button
            type="submit"
            name="intent"
            value="save"
            variant={published ? 'primary' : 'secondary'}
            busy={busyIntent === 'save'}
            disabled={busyIntent !== null}
            className="flex-auto whitespace-nowrap max-sm:px-4 lg:w-full"
          >
            {published ? 'Save changes' : 'Save draft'}
          </Button>
          <Button
            id="status-start"
            variant={published ? 'secondary' : 'primary'}
            disabled={busyIntent !== null}
            onClick={() => ask(true)}
            className="flex-auto whitespace-nowrap max-sm:px-4 lg:w-full"
          >
            {published ? 'Unpublish…' : isNew ? 'Save and publish…' : 'Publish…'}
          </Button>
        </div>
      )}
    </SaveBarFrame>
  );
}
