import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { Badge, Button, cx, inputClasses } from '../../components/ui';
import { MediaUpload } from '../../components/staff/media-upload';

/** Field errors from the API, by the dotted path it names (`course_testimonials.0.course_testimonial_name`). */
export type FieldErrors = Record<string, string>;

/** What a catalogue form's action answers: a message, and the API's field errors by path. */
export interface EditorFormResult {
  ok: boolean;
  message?: string;
  errors?: FieldErrors;
}

/** The DOM id of a field, from its API path, so the error summary can link to it. */
export const fieldId = (path: string) => `field-${path.replace(/[^a-zA-Z0-9_-]+/g, '-')}`;

export function ErrorText({ path, message }: { path: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${fieldId(path)}-error`} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** Draft or Published, the same way on lists and forms. */
export function PublishBadge({ published }: { published: boolean }) {
  return published ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Draft</Badge>;
}

/** A card-like group of the form with a heading that names it for assistive technology. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold text-ink-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-stone-600">{description}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** The aria wiring of a labelled control whose id comes from its API path. */
export function describedBy(path: string, hint: boolean, error: string | undefined) {
  const id = fieldId(path);
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined,
  };
}

interface ShellProps {
  path: string;
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  required?: boolean | undefined;
  children: React.ReactNode;
}

function Shell({ path, label, hint, error, required, children }: ShellProps) {
  const id = fieldId(path);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-brand-700">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorText path={path} message={error} />
    </div>
  );
}

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> & {
  name: string;
  /** The API's path of the field, when it differs from the name (bracket keys). */
  path?: string;
  label: string;
  hint?: string;
  errors: FieldErrors;
};

/** A labelled input named for the API, with its error from the last save. */
export function TextField({ name, path, label, hint, errors, className, required, ...rest }: InputProps) {
  const key = path ?? name;
  return (
    <Shell path={key} label={label} hint={hint} error={errors[key]} required={required}>
      <input
        name={name}
        required={required}
        className={cx(inputClasses, className)}
        {...describedBy(key, Boolean(hint), errors[key])}
        {...rest}
      />
    </Shell>
  );
}

type AreaProps = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> & {
  name: string;
  path?: string;
  label: string;
  hint?: string;
  errors: FieldErrors;
};

export function TextAreaField({ name, path, label, hint, errors, className, required, ...rest }: AreaProps) {
  const key = path ?? name;
  return (
    <Shell path={key} label={label} hint={hint} error={errors[key]} required={required}>
      <textarea
        name={name}
        required={required}
        className={cx(inputClasses, 'min-h-24', className)}
        {...describedBy(key, Boolean(hint), errors[key])}
        {...rest}
      />
    </Shell>
  );
}

type SelectProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & {
  name: string;
  path?: string;
  label: string;
  hint?: string;
  errors: FieldErrors;
  options: readonly { value: string; label: string }[];
};

export function SelectField({ name, path, label, hint, errors, options, className, required, ...rest }: SelectProps) {
  const key = path ?? name;
  return (
    <Shell path={key} label={label} hint={hint} error={errors[key]} required={required}>
      <select
        name={name}
        required={required}
        className={cx(inputClasses, className)}
        {...describedBy(key, Boolean(hint), errors[key])}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

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

/** The media-store picker (upload with progress) with this form's error for the field beside it. */
export function MediaField({
  name,
  path,
  label,
  accept,
  defaultValue,
  defaultUrl,
  hint,
  errors,
}: {
  name: string;
  path?: string;
  label: string;
  accept: string;
  defaultValue: string | null | undefined;
  defaultUrl?: string | null | undefined;
  hint?: string;
  errors: FieldErrors;
}) {
  const key = path ?? name;
  return (
    <div id={fieldId(key)} tabIndex={-1} className="outline-none">
      <MediaUpload
        name={name}
        label={label}
        accept={accept}
        defaultValue={defaultValue ?? null}
        defaultUrl={defaultUrl ?? null}
        {...(hint ? { hint } : {})}
      />
      <ErrorText path={key} message={errors[key]} />
    </div>
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
    <aside
      aria-label="Save and publish"
      className="sticky bottom-0 z-10 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-8 sm:px-8 lg:top-6 lg:bottom-auto lg:mx-0 lg:rounded-2xl lg:border lg:p-5 lg:shadow-sm"
    >
      <div className="hidden lg:mb-4 lg:block">
        <p className="flex items-center gap-2 text-sm text-stone-600">
          Status <PublishBadge published={published} />
        </p>
        {previewHref ? (
          <a
            href={previewHref}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
          >
            {published ? 'View on the site' : 'Preview the draft'}
            <span className="sr-only"> (opens in a new tab)</span> ↗
          </a>
        ) : null}
      </div>
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
    </aside>
  );
}
