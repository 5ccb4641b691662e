import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

// A busy button is disabled too (it shows a spinner while its action runs) and keeps the light
// fade, so a saving button still reads as the one pressed. A button that is disabled and not busy
// (↑ on the first row) has nothing to wait for: it fades further, turns grey, loses its shadow and
// does not react to hover, so it clearly reads as unavailable. `aria-busy` tells the two apart.
// `no-underline`: a link-button inside long-form text (.prose-fret a) must still read as a button.
const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 disabled:not-aria-busy:opacity-40 disabled:not-aria-busy:shadow-none disabled:not-aria-busy:grayscale';

// Each variant's `disabled:not-aria-busy:hover:` classes undo its hover look on an unavailable button.
const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:not-aria-busy:hover:bg-brand-700',
  secondary:
    'border border-stone-300 bg-white text-ink-900 hover:border-stone-400 hover:bg-stone-50 disabled:not-aria-busy:hover:border-stone-300 disabled:not-aria-busy:hover:bg-white',
  ghost: 'text-ink-900 hover:bg-stone-100 disabled:not-aria-busy:hover:bg-transparent',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:not-aria-busy:hover:bg-red-700',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-10 px-4 text-sm',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-12 px-7 text-lg',
};

/** Shared look of buttons and link-buttons, so both stay consistent. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cx(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
}

export function Button({ variant, size, busy = false, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? (
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      ) : null}
      {children}
    </button>
  );
}
