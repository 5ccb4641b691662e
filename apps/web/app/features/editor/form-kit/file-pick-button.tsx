import type { ReactNode } from 'react';
import { buttonClasses, type ButtonVariant, type ButtonSize } from '../../../components/ui/button';

/**
 * The native file picker, visually replaced by its label styled as a button; keyboard focus on the
 * hidden input shows on the label. `onFile` gets the chosen file; the input is cleared, so picking
 * the same file again (after a failure) fires another change.
 */
export function FilePickButton({
  id,
  accept,
  onFile,
  variant,
  size,
  describedBy,
  invalid,
  children,
}: {
  id: string;
  accept: string;
  onFile: (file: File) => void;
  variant: ButtonVariant;
  size: ButtonSize;
  describedBy?: string;
  invalid?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
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
