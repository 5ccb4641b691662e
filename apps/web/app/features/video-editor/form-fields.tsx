import { useId } from 'react';
import { cx, inputClasses } from '../../components/ui';

/** Field errors from the API, by the dotted path it names (`video_sections.0.video_section_content`). */
export type FieldErrors = Record<string, string>;

const FIELD_LABELS: Record<string, string> = {
  video_title: 'Title',
  video_slug: 'Slug',
  video_category: 'Category',
  video_order: 'Order',
  video_excerpt: 'Excerpt',
  video_player: 'Player',
  youtube_video_id: 'YouTube video id',
  video_stream_manifest: 'Stream manifest',
  video_stream_poster: 'Player poster',
  video_image: 'Card poster',
  id_recommended_course: 'Recommended course',
  video_section_type: 'type',
  video_section_heading: 'heading',
  video_section_content: 'text',
  video_section_soundslice_id: 'Soundslice id',
  video_section_spotify_id: 'Spotify track id',
  video_section_youtube_id: 'YouTube video id',
  video_section_youtube_poster: 'poster',
  video_section_asset_path: 'file',
  video_section_asset_name: 'button name',
  video_section_asset_extension: 'file type',
  video_section_stream_manifest: 'stream manifest',
  video_section_stream_poster: 'poster',
  video_chord_text: 'name',
  video_chord_url: 'diagram',
  tag_name: 'name',
  id_course: 'course',
  position: 'position',
  kind: 'listed as',
};
const LIST_LABELS: Record<string, string> = {
  video_sections: 'Section',
  video_chords: 'Chord',
  video_tags: 'Tag',
  courses: 'Course',
};

/** A field's name as the form shows it, from its API path: `video_sections.2.video_section_content` → 'Section 3, text'. */
export function fieldLabel(path: string): string {
  const [head, index, field] = path.split('.');
  if (head && LIST_LABELS[head] && index !== undefined && /^\d+$/.test(index)) {
    const item = `${LIST_LABELS[head]} ${Number(index) + 1}`;
    return field ? `${item}, ${FIELD_LABELS[field] ?? field.replace(/_/g, ' ')}` : item;
  }
  return FIELD_LABELS[path] ?? path.replace(/_/g, ' ');
}

/** The DOM id of a field, from its API path, so the error summary can link to it. */
export const fieldId = (path: string) => `field-${path.replace(/[^a-zA-Z0-9_-]+/g, '-')}`;

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
        <select name={name} required={required} className={cx(inputClasses, className)} {...aria} {...rest}>
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
