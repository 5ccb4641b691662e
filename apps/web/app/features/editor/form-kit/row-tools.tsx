import { Button } from '../../../components/ui';
import { rowButtonId } from './editor-list';

export interface RowToolsProps {
  itemKey: string;
  index: number;
  count: number;
  /** What one row is called in the buttons' names: 'section 2', 'lesson Holding the guitar'. */
  label: string;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  /** Rows of one line (a course's lessons) keep the buttons on one line, each a little wider. */
  inline?: boolean;
}

/** Move up, move down and remove, named for screen readers and usable by keyboard. */
export function RowTools({ itemKey, index, count, label, onMove, onRemove, inline = false }: RowToolsProps) {
  const buttonClass = inline ? { className: 'px-3' } : {};
  return (
    <div className={inline ? 'flex shrink-0 gap-1' : 'flex shrink-0 flex-wrap gap-1'}>
      <Button
        id={rowButtonId(itemKey, 'up')}
        variant="ghost"
        size="sm"
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={`Move ${label} up`}
        title="Move up"
        {...buttonClass}
      >
        <span aria-hidden="true">↑</span>
      </Button>
      <Button
        id={rowButtonId(itemKey, 'down')}
        variant="ghost"
        size="sm"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        aria-label={`Move ${label} down`}
        title="Move down"
        {...buttonClass}
      >
        <span aria-hidden="true">↓</span>
      </Button>
      <Button
        id={rowButtonId(itemKey, 'remove')}
        variant="ghost"
        size="sm"
        onClick={onRemove}
        aria-label={`Remove ${label}`}
        {...buttonClass}
      >
        Remove
      </Button>
    </div>
  );
}
