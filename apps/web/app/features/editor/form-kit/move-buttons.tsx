import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '../../../components/ui';

const MOVES = [
  { direction: 'up', arrow: '↑' },
  { direction: 'down', arrow: '↓' },
] as const;

/**
 * The move up / move down buttons of one row of an ordered list page (courses, free resources).
 * Each press posts `intent=move` with the id and direction; the page's action sends the whole new
 * order to the API. Works without JavaScript too (a plain form post).
 */
export function MoveButtons({ id, title, index, count }: { id: number; title: string; index: number; count: number }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const busy = fetcher.state !== 'idle';
  const pressed = useRef<'up' | 'down' | null>(null);

  // The row moves in the list once the new order is loaded; keep focus on the button pressed
  // (or on the other one when the row has reached an end and the pressed one is disabled).
  useEffect(() => {
    if (fetcher.state !== 'idle' || !pressed.current) return;
    const direction = pressed.current;
    pressed.current = null;
    const wanted = document.getElementById(`move-${id}-${direction}`) as HTMLButtonElement | null;
    const other = document.getElementById(`move-${id}-${direction === 'up' ? 'down' : 'up'}`) as HTMLButtonElement | null;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [fetcher.state, id, index]);

  return (
    <fetcher.Form
      method="post"
      className="flex shrink-0 flex-col items-center gap-1 sm:flex-row"
      onSubmit={(e) => {
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        pressed.current = submitter?.value === 'up' ? 'up' : 'down';
      }}
    >
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      {MOVES.map((m) => (
        <Button
          key={m.direction}
          id={`move-${id}-${m.direction}`}
          type="submit"
          name="direction"
          value={m.direction}
          variant="ghost"
          size="sm"
          disabled={(m.direction === 'up' ? index === 0 : index === count - 1) || busy}
          aria-label={`Move “${title}” ${m.direction}`}
          title={`Move ${m.direction}`}
          className="px-3"
        >
          <span aria-hidden="true">{m.arrow}</span>
        </Button>
      ))}
      {fetcher.data?.ok === false ? (
        <span role="alert" className="text-sm text-red-700">
          {fetcher.data.message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/** The list with one id moved one place up or down, or null when it cannot move. */
export function movedOrder(ids: readonly number[], id: number, direction: string): number[] | null {
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : direction === 'down' ? from + 1 : -1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
