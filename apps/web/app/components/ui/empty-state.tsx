import { cx } from './cx';

export interface EmptyStateProps {
  title: string;
  children?: React.ReactNode;
  /** A call to action, e.g. a LinkButton. */
  action?: React.ReactNode;
  className?: string;
}

/** What a list shows when it has nothing in it: say why, and what to do next. */
export function EmptyState({ title, children, action, className }: EmptyStateProps) {
  return (
    <div className={cx('rounded-2xl border border-dashed border-stone-300 bg-stone-50 px-6 py-10 text-center', className)}>
      <svg aria-hidden="true" viewBox="0 0 48 48" className="mx-auto mb-4 size-12 text-brand-500">
        <path d="M24 4c9 0 16 3.5 16 10 0 9-9 22-16 30C17 36 8 23 8 14 8 7.5 15 4 24 4Z" fill="currentColor" opacity="0.15" />
        <path
          d="M24 4c9 0 16 3.5 16 10 0 9-9 22-16 30C17 36 8 23 8 14 8 7.5 15 4 24 4Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
      </svg>
      <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
      {children ? <div className="mx-auto mt-2 max-w-md text-stone-600">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
