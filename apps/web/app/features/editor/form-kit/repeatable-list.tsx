import { useContext, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui';
import { ErrorText, fieldErrorId, rowFields, type FieldErrors } from './fields';
import { FormEditContext } from './unsaved-changes';

export interface Keyed<T> {
  /** Stable across moves, so React moves the row (and what was typed in it) with it. */
  key: string;
  value: T;
}

/**
 * A list the editor adds to, removes from and reorders (a video's sections, chords, tags and
 * courses; a course's lessons, songs and testimonials). Focus follows each change (WCAG 2.4.3):
 * a moved row keeps focus on the button pressed (or its twin when it reaches an end), a removed
 * row hands focus to where the caller says; `announcement` feeds a polite live region.
 */
export function useEditorList<T>(initial: readonly T[], prefix: string) {
  const counter = useRef(0);
  const [items, setItems] = useState<Keyed<T>[]>(() => initial.map((value, i) => ({ key: `${prefix}-${i}`, value })));
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Adding, moving and removing rows types nothing: the form is told, so it autosaves (ADR 0068).
  const edited = useContext(FormEditContext);

  useEffect(() => {
    if (!focusTarget) return;
    const target = focusTarget.startsWith('row:') ? firstFieldOf(focusTarget.slice(4)) : document.getElementById(focusTarget);
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  return {
    items,
    announcement,
    /** Adds a row at the end; `focus` is given the new row's key and names where focus goes. */
    add(value: T, { focus, said }: { focus?: (key: string) => string; said: string }) {
      const key = `${prefix}-new-${++counter.current}`;
      setItems((list) => [...list, { key, value }]);
      edited();
      if (focus) setFocusTarget(focus(key));
      setAnnouncement(said);
    },
    remove(key: string, { focus, said }: { focus: (neighbourKey: string | null) => string; said?: string }) {
      const index = items.findIndex((i) => i.key === key);
      const neighbour = items[index + 1] ?? items[index - 1] ?? null;
      setItems((list) => list.filter((i) => i.key !== key));
      edited();
      setFocusTarget(focus(neighbour?.key ?? null));
      if (said) setAnnouncement(said);
    },
    move(key: string, delta: -1 | 1, said?: (position: number, count: number) => string) {
      const from = items.findIndex((i) => i.key === key);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= items.length) return;
      const next = [...items];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      setItems(next);
      edited();
      // At an end the pressed button is disabled, so focus goes to the other direction's button.
      const atEdge = to === 0 || to === next.length - 1;
      const pressed = delta < 0 ? 'up' : 'down';
      const other = delta < 0 ? 'down' : 'up';
      setFocusTarget(rowButtonId(key, atEdge ? other : pressed));
      if (said) setAnnouncement(said(to + 1, next.length));
    },
    update(key: string, change: (value: T) => T) {
      setItems((list) => list.map((i) => (i.key === key ? { ...i, value: change(i.value) } : i)));
    },
  };
}

/** A focus target meaning "the first field of this row" (rows carry `data-row={key}`). */
export const rowTarget = (key: string) => `row:${key}`;

function firstFieldOf(key: string): HTMLElement | null {
  const row = `[data-row="${CSS.escape(key)}"]`;
  return document.querySelector<HTMLElement>(`${row} input:not([type=hidden]), ${row} select, ${row} textarea, ${row} button`);
}

/** Up, down and remove buttons of one row; ids let focus come back to them after a change. */
export function rowButtonId(key: string, action: 'up' | 'down' | 'remove') {
  return `${key}-${action}`;
}

interface RowToolsProps {
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
function RowTools({ itemKey, index, count, label, onMove, onRemove, inline = false }: RowToolsProps) {
  const buttonClass = inline ? { className: 'px-3' } : {};
  const moves = [
    { action: 'up', delta: -1, arrow: '↑', disabled: index === 0 },
    { action: 'down', delta: 1, arrow: '↓', disabled: index === count - 1 },
  ] as const;
  return (
    <div className={inline ? 'flex shrink-0 gap-1' : 'flex shrink-0 flex-wrap gap-1'}>
      {moves.map((m) => (
        <Button
          key={m.action}
          id={rowButtonId(itemKey, m.action)}
          variant="ghost"
          size="sm"
          disabled={m.disabled}
          onClick={() => onMove(m.delta)}
          aria-label={`Move ${label} ${m.action}`}
          title={`Move ${m.action}`}
          {...buttonClass}
        >
          <span aria-hidden="true">{m.arrow}</span>
        </Button>
      ))}
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

export type EditorList<T> = ReturnType<typeof useEditorList<T>>;

/** What a row's buttons say and where focus goes once the row is removed. */
export interface RowSpeech {
  /** 'Chord moved to position 2.' */
  moved: (position: number, count: number) => string;
  removed: string;
  /** Where focus goes after removal, given the row that takes its place (null: the list is empty). */
  focusAfterRemove: (neighbourKey: string | null) => string;
}

/** The row tools of item `index` of `list`, wired to move and remove it with what is said. */
export function ListRowTools<T>({
  list,
  itemKey,
  index,
  label,
  speech,
  inline,
}: {
  list: EditorList<T>;
  itemKey: string;
  index: number;
  label: string;
  speech: RowSpeech;
  inline?: boolean;
}) {
  return (
    <RowTools
      inline={inline}
      itemKey={itemKey}
      index={index}
      count={list.items.length}
      label={label}
      onMove={(delta) => list.move(itemKey, delta, speech.moved)}
      onRemove={() => list.remove(itemKey, { focus: speech.focusAfterRemove, said: speech.removed })}
    />
  );
}

/**
 * One row of a repeatable group of fields (a video's section or chord, a course's testimonial): a
 * fieldset named for screen readers, a visible heading beside the row's buttons, then the fields.
 * `look` keeps each list's own spacing: where the card's border sits and how the heading reads.
 */
function RepeatableRow<T>({
  list,
  itemKey,
  index,
  label,
  legend,
  heading,
  speech,
  look,
  children,
}: {
  list: EditorList<T>;
  itemKey: string;
  index: number;
  label: string;
  legend: React.ReactNode;
  heading: React.ReactNode;
  speech: RowSpeech;
  look: RowLook;
  children: React.ReactNode;
}) {
  return (
    <li data-row={itemKey} className={look.row}>
      <fieldset className={look.fieldset}>
        <legend className="sr-only">{legend}</legend>
        <div className={look.header}>
          <p aria-hidden="true" className={look.heading}>
            {heading}
          </p>
          <ListRowTools list={list} itemKey={itemKey} index={index} label={label} speech={speech} inline={look.inline} />
        </div>
        {children}
      </fieldset>
    </li>
  );
}

/** How a list's rows look: where the card's border sits and how the heading reads. */
export interface RowLook {
  row?: string;
  fieldset?: string;
  header: string;
  heading: string;
  inline?: boolean;
}

/** What a row of a numbered list says: "Chord 2", "Chord moved to position 3.", "Chord 2 removed." */
export function numberedRow(noun: string, index: number, addControlId: string) {
  const name = `${noun} ${index + 1}`;
  return {
    label: name.toLowerCase(),
    legend: name,
    heading: name,
    speech: {
      moved: (position: number) => `${noun} moved to position ${position}.`,
      removed: `${name} removed.`,
      focusAfterRemove: (neighbour: string | null) => (neighbour ? rowTarget(neighbour) : addControlId),
    } satisfies RowSpeech,
  };
}

/**
 * The rows of a repeatable list of field groups, in order: each row's fields are named for the
 * API as `name[index][field]` (`at`), and `describe` says what the row is called and what moving or
 * removing it says.
 */
export function RepeatableRows<T>({
  list,
  name,
  errors,
  look,
  className,
  describe,
  children,
}: {
  list: EditorList<T>;
  name: string;
  errors: FieldErrors;
  look: RowLook;
  className: string;
  describe: (item: Keyed<T>, index: number) => { label: string; legend: string; heading: string; speech: RowSpeech };
  children: (item: Keyed<T>, at: ReturnType<typeof rowFields>, index: number) => React.ReactNode;
}) {
  return (
    <ol className={className}>
      {list.items.map((item, i) => (
        <RepeatableRow key={item.key} list={list} itemKey={item.key} index={i} look={look} {...describe(item, i)}>
          {children(item, rowFields(name, i, errors), i)}
        </RepeatableRow>
      ))}
    </ol>
  );
}

/** The end of a repeatable list: what was just done, for screen readers, and the list's own error. */
export function ListStatus({
  announcement,
  errorPath,
  error,
}: {
  announcement: string;
  errorPath: string;
  error: string | undefined;
}) {
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ErrorText id={fieldErrorId(errorPath)} message={error} />
    </>
  );
}
