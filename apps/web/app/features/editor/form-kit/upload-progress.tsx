import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** An upload under way: what is being sent, its percent, a progress bar and Cancel. */
export function UploadProgress({
  fileName,
  percent,
  status = 'Uploading',
  onCancel,
  children,
}: {
  fileName: string;
  percent: number;
  /** The word before the file name ("Uploading", or why it is waiting). */
  status?: string;
  onCancel: () => void;
  /** A line under the bar (bytes sent, what happens if the connection drops). */
  children?: ReactNode;
}) {
  return (
    <div className="space-y-2 rounded-xl border border-stone-200 p-3">
      <div className="flex items-center gap-3 text-sm">
        <span className="min-w-0 flex-1 truncate text-stone-700">
          {status} {fileName}
        </span>
        <span className="shrink-0 font-semibold text-ink-900 tabular-nums">{percent}%</span>
        <Button variant="ghost" size="sm" className="shrink-0" onClick={onCancel} aria-label="Cancel upload">
          Cancel
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={`Uploading ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-stone-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {children}
    </div>
  );
}
