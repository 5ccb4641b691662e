import { useEffect, useState, type ReactNode } from 'react';
import { cx } from '../../../components/ui';

/**
 * The preview video's time, in seconds, as it plays and seeks: what an editor's tap list marks.
 * The setter moves it at once when the list seeks, before the video says so.
 */
export function usePreviewTime(element: HTMLVideoElement | null): [number, (seconds: number) => void] {
  const [time, setTime] = useState(0);
  useEffect(() => {
    if (!element) return;
    const onTime = () => setTime(element.currentTime);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('seeked', onTime);
    return () => {
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('seeked', onTime);
    };
  }, [element]);
  return [time, setTime];
}

/**
 * One timed mark of an editor's tap list (the chord timeline's marks, the score's sync points):
 * a button that jumps the preview there, nudges of 0.1 s either way, and removal.
 */
export function TimedMarkRow({
  label,
  removeVerb,
  testId,
  onJump,
  onNudge,
  onRemove,
  children,
}: {
  /** What the mark is, for the buttons' names: "G at 0:03.2". */
  label: string;
  removeVerb: 'Delete' | 'Remove';
  testId: string;
  onJump: () => void;
  /** -1 for earlier, 1 for later. */
  onNudge: (direction: -1 | 1) => void;
  onRemove: () => void;
  /** What the jump button shows. */
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-1 rounded-xl bg-stone-50 p-1" data-testid={testId}>
      <button
        type="button"
        onClick={onJump}
        aria-label={`Jump to ${label}`}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg px-2 text-left hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {children}
      </button>
      <NudgeButton label={`Move ${label} 0.1 s earlier`} onClick={() => onNudge(-1)}>
        −0.1
      </NudgeButton>
      <NudgeButton label={`Move ${label} 0.1 s later`} onClick={() => onNudge(1)}>
        +0.1
      </NudgeButton>
      <NudgeButton label={`${removeVerb} ${label}`} onClick={onRemove} className="text-red-700">
        ✕
      </NudgeButton>
    </li>
  );
}

function NudgeButton({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cx(
        'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-sm font-semibold tabular-nums text-ink-900 hover:bg-stone-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500',
        className,
      )}
    >
      {children}
    </button>
  );
}
