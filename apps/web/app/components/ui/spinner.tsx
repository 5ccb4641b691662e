import { cx } from './cx';

export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={cx('inline-flex items-center gap-2 text-stone-600', className)}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
