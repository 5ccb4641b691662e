import type { ReactNode, Ref } from 'react';
import { buttonClasses, type ButtonVariant, type ButtonSize } from '../../../components/ui/button';

/**
 * The native file picker, visually replaced by its label styled as a button; keyboard focus on the
 * hidden input shows on the label. `onFile` gets the chosen file; the input is cleared, so picking
 * the same file again (after a failure) fires another change. `ref` reaches the input, to give
 * focus back to it (after a cancelled upload).
 */
export function FilePickButton({
  id,
  accept,
  onFile,
  variant,
  size,
  describedBy,
  invalid,
  disabled,
  ref,
  children,
}: {
  id: string;
  accept: string;
  onFile: (file: File) => void;
  variant: ButtonVariant;
  size: ButtonSize;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
  children: ReactNode;
}) {
  return (
    <>
      <input
        ref={ref}
        id={id}
        type="file"
        accept={accept}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={buttonClasses(
          variant,
          size,
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
        )}
      >
        {children}
      </label>
    </>
  );
}
