import { Button } from '../../components/ui';
import { rowButtonId } from './ordered-list';

/** Move up, move down and remove, named for screen readers and usable by keyboard. */
export function RowButtons({
  itemKey,
  index,
  count,
  label,
  onMove,
  onRemove,
}: {
  itemKey: string;
  index: number;
  count: number;
  /** What the row is called in the buttons' names: 'lesson Holding the guitar'. */
  label: string;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex shrink-0 gap-1">
      <Button
        id={rowButtonId(itemKey, 'up')}
        variant="ghost"
        size="sm"
        disabled={index === 0}
        onClick={() => onMove(-1)}
        aria-label={`Move ${label} up`}
        title="Move up"
        className="px-3"
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
        className="px-3"
      >
        <span aria-hidden="true">↓</span>
      </Button>
      <Button
        id={rowButtonId(itemKey, 'remove')}
        variant="ghost"
        size="sm"
        onClick={onRemove}
        aria-label={`Remove ${label}`}
        className="px-3"
      >
        Remove
      </Button>
    </div>
  );
}
