import { useId } from 'react';
import { Badge, cx, inputClasses, selectClasses } from '../../../components/ui';
import { MediaUpload } from './media-upload';

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

/** A label, hint, control and error wired together for screen readers; the id comes from the path. */
export function FieldShell({ path, label, hint, error, required, children }: FieldShellProps) {
  const id = fieldId(path);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
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
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
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
  /** The API's path of the field, when it differs from the name (bracket keys). */
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
      <ErrorText id={fieldErrorId(key)} message={errors[key]} />
    </div>
  );
}

/** A stream's measurements, as numbers the API checks (the video and course editors' "Stream details"). */
export function StreamMeasureFields({
  prefix,
  values,
  errors,
}: {
  /** `video` for `video_stream_duration` and the rest. */
  prefix: 'video' | 'course';
  values: { duration?: number | null; width?: number | null; height?: number | null; bitrate?: number | null } | undefined;
  errors: FieldErrors;
}) {
  const fields = [
    ['duration', 'Duration (seconds)'],
    ['width', 'Width (pixels)'],
    ['height', 'Height (pixels)'],
    ['bitrate', 'Bitrate (bits per second)'],
  ] as const;
  return fields.map(([key, label]) => (
    <TextInput
      key={key}
      name={`${prefix}_stream_${key}`}
      label={label}
      errors={errors}
      type="number"
      inputMode="numeric"
      min={0}
      defaultValue={values?.[key] ?? ''}
    />
  ));
}
