import { CHORD_LIBRARY, libraryChord } from '@fretline/contract';
import { ChordDiagram } from '../../components/ui/chord-diagram';
import { selectClasses } from '../../components/ui';

const KINDS = [
  ['open', 'Open chords'],
  ['barre', 'Barre chords'],
  ['power', 'Power chords'],
] as const;

/** A chord from the library (ADR 0058) picked from a list, with its diagram. */
export function ChordPicker({
  label,
  value,
  onChange,
  disabled,
  mirror,
}: {
  label: string;
  value: string;
  onChange: (key: string) => void;
  disabled?: boolean;
  mirror?: boolean;
}) {
  const chord = libraryChord(value);
  return (
    <div className="flex items-start gap-3">
      <label className="block min-w-0 flex-1">
        <span className="mb-1.5 block text-sm font-medium text-ink-900">{label}</span>
        <select className={selectClasses} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
          {KINDS.map(([kind, heading]) => (
            <optgroup key={kind} label={heading}>
              {CHORD_LIBRARY.filter((c) => c.kind === kind).map((c) => (
                <option key={c.key} value={c.key}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      {chord ? (
        <ChordDiagram name={chord.name} frets={chord.frets} fingers={chord.fingers} mirror={mirror} className="w-20 shrink-0" />
      ) : null}
    </div>
  );
}

/** A library chord's name, or the key itself for one no longer in the library. */
export const chordName = (key: string) => libraryChord(key)?.name ?? key;
