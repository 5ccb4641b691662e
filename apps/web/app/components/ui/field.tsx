import { useId } from 'react';
import { cx } from './cx';

export const inputClasses =
  'block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 aria-invalid:border-red-600';

interface FieldOwnProps {
  label: string;
  /** Help shown under the label. */
  hint?: string;
  /** The error for this field (spec §8 text from ApiError.message when ApiError.field matches). */
  error?: string;
  /** `textarea` for multi-line input. */
  multiline?: boolean;
}

export type FieldProps = FieldOwnProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement> & React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>;

/** A labelled input with hint and error wired up for screen readers. */
export function Field({ label, hint, error, multiline = false, id, className, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: cx(inputClasses, multiline && 'min-h-32', className),
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink-900">
        {label}
        {rest.required ? (
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
      {multiline ? <textarea {...rest} {...common} /> : <input {...rest} {...common} />}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
