import { useId } from 'react';
import { Badge, cx, inputClasses, selectClasses } from '../../../components/ui';

/**
 * The labelled fields of the staff content editors (videos, courses, live streams, free
 * resources; ADR 0037): each is named for the API, takes its id from the API's path of the field
 * (so an error summary can link to it) and shows that field's error from the last save.
 */

/** Field errors from the API, by the dotted path it names (`video_sections.0.video_section_content`). */
export type FieldErrors = Record<string, string>;

/** What an editor form's action answers: a message, and the API's field errors by path. */
export interface EditorFormResult {
  ok: boolean;
  message?: string;
  errors?: FieldErrors;
  /** When the entry last changed, after a save that changed it (the page's header shows it; ADR 0068). */
  updated?: Date | string | null;
}

/** The DOM id of a field, from its API path, so the error summary can link to it. */
export const fieldId = (path: string) => `field-${path.replace(/[^a-zA-Z0-9_-]+/g, '-')}`;

/** The id of a field's error text, which its control names in `aria-describedby`. */
export const fieldErrorId = (path: string) => `${fieldId(path)}-error`;

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

interface FieldShellProps {
  path: string;
  label: string;
  hint?: string;
  error: string | undefined;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => React.ReactNode;
}

/** A field's label (with a star when it is needed to save) and its hint, as every editor field shows them. */
export function FieldLabel({
  htmlFor,
  label,
  required,
  hint,
  hintId,
}: {
  htmlFor: string;
  label: string;
  required?: boolean | undefined;
  hint?: string | undefined;
  hintId?: string | undefined;
}) {
  return (
    <>
      <label htmlFor={htmlFor} className="block text-sm font-semibold text-ink-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-brand-700">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** A label, hint, control and error wired together for screen readers; the id comes from the path. */
function FieldShell({ path, label, hint, error, required, children }: FieldShellProps) {
  const id = fieldId(path);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id} label={label} required={required} hint={hint} hintId={hintId} />
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

export interface TextInputProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  /** The API's path of the field, when it differs from the name (bracket keys). */
  path?: string;
  label: string;
  hint?: string;
  errors: FieldErrors;
  /** Suggestions shown as the editor types (a datalist). */
  suggestions?: readonly string[];
}

/** A labelled text input named for the API, with its error from the last save. */
export function TextInput({ name, path, label, hint, errors, suggestions, className, required, ...rest }: TextInputProps) {
  const key = path ?? name;
  const listId = `${useId()}-list`;
  return (
    <FieldShell path={key} label={label} hint={hint} error={errors[key]} required={required}>
      {(aria) => (
        <>
          <input
            name={name}
            required={required}
            list={suggestions?.length ? listId : undefined}
            className={cx(inputClasses, className)}
            {...aria}
            {...rest}
          />
          {suggestions?.length ? (
            <datalist id={listId}>
              {suggestions.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          ) : null}
        </>
      )}
    </FieldShell>
  );
}

export interface TextAreaProps extends Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> {
  name: string;
  path?: string;
  label: string;
  hint?: string;
  errors: FieldErrors;
}

export function TextArea({ name, path, label, hint, errors, className, required, ...rest }: TextAreaProps) {
  const key = path ?? name;
  return (
    <FieldShell path={key} label={label} hint={hint} error={errors[key]} required={required}>
      {(aria) => (
        <textarea name={name} required={required} className={cx(inputClasses, 'min-h-24', className)} {...aria} {...rest} />
      )}
    </FieldShell>
  );
}

export interface SelectInputProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> {
  name: string;
  path?: string;
  label: string;
  hint?: string;
  errors: FieldErrors;
  options: readonly { value: string; label: string }[];
}

export function SelectInput({ name, path, label, hint, errors, options, className, required, ...rest }: SelectInputProps) {
  const key = path ?? name;
  return (
    <FieldShell path={key} label={label} hint={hint} error={errors[key]} required={required}>
      {(aria) => (
        <select name={name} required={required} className={cx(selectClasses, className)} {...aria} {...rest}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
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

/** Draft or Published, the same way on lists and forms. */
export function PublishBadge({ published }: { published: boolean }) {
  return published ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Draft</Badge>;
}

/**
 * A checkbox with a title and an explanation. `sendsFalse` adds a hidden `false` before it, so an
 * unticked box still says so (a form sends only ticked boxes); without it the field is left out.
 */
export function CheckField({
  name,
  title,
  description,
  defaultChecked,
  sendsFalse = true,
}: {
  name: string;
  title: string;
  description: string;
  defaultChecked: boolean;
  sendsFalse?: boolean;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-200 px-3 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50">
      {/* The hidden field goes first, so an unticked box still says false (a form sends only ticked boxes). */}
      {sendsFalse ? <input type="hidden" name={name} value="false" /> : null}
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

const STREAM_MEASURES = [
  ['duration', 'Duration (seconds)'],
  ['width', 'Width (pixels)'],
  ['height', 'Height (pixels)'],
  ['bitrate', 'Bitrate (bits per second)'],
] as const;

/** An entry that keeps its stream's measurements as `video_stream_duration` and the rest. */
export type WithStreamMeasures<P extends string> = {
  readonly [K in `${P}_stream_${(typeof STREAM_MEASURES)[number][0]}`]: number | null;
};

/**
 * The folded "Stream details" of the video and course editors: `children` (other stream fields)
 * first, then the stream's measurements, as numbers the API checks.
 */
export function StreamDetails<P extends 'video' | 'course'>({
  prefix,
  savedIn,
  errors,
  children,
}: {
  /** `video` for `video_stream_duration` and the rest. */
  prefix: P;
  savedIn: WithStreamMeasures<P> | null;
  errors: FieldErrors;
  children?: React.ReactNode;
}) {
  const saved = savedIn as Readonly<Record<string, number | null>> | null;
  return (
    <details className="rounded-xl border border-stone-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-ink-900">Stream details</summary>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {children}
        {STREAM_MEASURES.map(([key, label]) => (
          <TextInput
            key={key}
            name={`${prefix}_stream_${key}`}
            label={label}
            errors={errors}
            type="number"
            inputMode="numeric"
            min={0}
            defaultValue={saved?.[`${prefix}_stream_${key}`] ?? ''}
          />
        ))}
      </div>
    </details>
  );
}

/**
 * The fields of row `index` of the list `list`: each field's form name in bracket keys
 * (`video_chords[2][video_chord_text]`), its API path (`video_chords.2.video_chord_text`) and the
 * form's errors, as one spread for a field component.
 */
export const rowFields =
  (list: string, index: number, errors: FieldErrors) =>
  (field: string): { name: string; path: string; errors: FieldErrors } => ({
    name: `${list}[${index}][${field}]`,
    path: `${list}.${index}.${field}`,
    errors,
  });

/** The keys of an entry whose values a text field can show (text, numbers, or nothing yet). */
type TextKeys<E> = {
  [K in keyof E]-?: E[K] extends string | number | null | undefined ? K : never;
}[keyof E] &
  string;

/**
 * The fields of a saved entry (or of a new one, `saved` null): each field's name, the form's
 * errors and the saved value ('' or `fallback` when there is none), as one spread for a field.
 */
export const entryFields =
  <E extends object>(saved: E | null | undefined, errors: FieldErrors) =>
  (name: TextKeys<E>, fallback = ''): { name: string; errors: FieldErrors; defaultValue: string | number } => ({
    name,
    errors,
    defaultValue: (saved?.[name] as string | number | null | undefined) ?? fallback,
  });
