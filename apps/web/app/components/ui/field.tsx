import { useId } from 'react';
import { cx } from './cx';

export const inputClasses =
  'block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-base text-ink-900 shadow-sm placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 aria-invalid:border-red-600';

/**
 * A one-line `<select>` beside text boxes. A native drop-down ignores line-height, so with
 * inputClasses alone it comes out a few pixels shorter than a text box. The height is a text box's:
 * one line (1lh, so text-sm follows), inputClasses' py-2.5 and the two border pixels; a caller that
 * changes the padding should set its own height.
 */
export const selectClasses = cx(inputClasses, 'h-[calc(1lh+1.25rem+2px)]');

interface FieldOwnProps {
  label: string;
  /** Help shown under the label. */
  hint?: string;
  /** The error for this field (product.md#errors: the text from ApiError.message when ApiError.field matches). */
  error?: string;
}

type InputFieldProps = FieldOwnProps & { multiline?: false } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'children'>;
type TextareaFieldProps = FieldOwnProps & { multiline: true } & Omit<
    React.TextareaHTMLAttributes<HTMLTextAreaElement>,
    'children'
  >;
/** An `<input>` by default; `multiline` makes it a `<textarea>`. */
export type FieldProps = InputFieldProps | TextareaFieldProps;

/** A labelled input with hint and error wired up for screen readers. */
export function Field(props: FieldProps) {
  const autoId = useId();
  const inputId = props.id ?? autoId;
  const hintId = props.hint ? `${inputId}-hint` : undefined;
  const errorId = props.error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id: inputId,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': describedBy,
  };

  let control: React.ReactNode;
  if (props.multiline) {
    const { label: _l, hint: _h, error: _e, multiline: _m, className, ...rest } = props;
    control = <textarea {...rest} {...common} className={cx(inputClasses, 'min-h-32', className)} />;
  } else {
    const { label: _l, hint: _h, error: _e, multiline: _m, className, ...rest } = props;
    control = <input {...rest} {...common} className={cx(inputClasses, className)} />;
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink-900">
        {props.label}
        {props.required ? (
          <span aria-hidden="true" className="text-brand-700">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {props.hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {props.hint}
        </p>
      ) : null}
      {control}
      {props.error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
