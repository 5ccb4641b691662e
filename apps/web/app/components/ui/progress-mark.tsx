import { cx } from './cx';

/** A learner's progress on a card (docs/product.md#learning-progress): "Done" with a tick, or a thin bar of the percent watched. */
export function ProgressMark({ percent, done, className }: { percent: number; done: boolean; className?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  if (done) {
    return (
      <span
        data-testid="progress-done"
        className={cx(
          'inline-flex items-center gap-1 rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-semibold text-white shadow-sm',
          className,
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5">
          <path fill="currentColor" d="M8 13.2 4.8 10l-1.4 1.4L8 16l9-9-1.4-1.4z" />
        </svg>
        Done
      </span>
    );
  }
  if (value <= 0) return null;
  return (
    <span
      role="progressbar"
      aria-label="Watched"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${value}% watched`}
      data-testid="progress-watched"
      className={cx('block h-1.5 w-full bg-black/30', className)}
    >
      <span className="block h-full bg-brand-500" style={{ width: `${value}%` }} />
    </span>
  );
}

/** A course's percent and lessons done, on a card or a list row. */
export function CourseProgressLine({
  percent,
  done,
  total,
  className,
}: {
  percent: number;
  done: number;
  total: number;
  className?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={cx('space-y-1', className)} data-testid="course-progress">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-stone-600">
          {done} of {total} lessons done
        </span>
        <span className="font-semibold text-ink-900">{value}%</span>
      </div>
      <ProgressBar label="Course progress" percent={value} className="h-2" />
    </div>
  );
}

/** A bar of a percentage (0-100) for screen readers and eyes alike; `fill` colours the done part. */
export function ProgressBar({
  label,
  percent,
  className,
  fill = 'bg-brand-600',
}: {
  label: string;
  percent: number;
  className?: string;
  fill?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cx('overflow-hidden rounded-full bg-stone-200', className)}
    >
      <div className={cx('h-full rounded-full', fill)} style={{ width: `${percent}%` }} />
    </div>
  );
}
