import {
  CHORD_DIAGRAM_FRETS,
  GUITAR_TUNING,
  UKULELE_TUNING,
  chordShape,
  chordStringCount,
  type ChordTuning,
} from '@fretline/contract';

/**
 * A chord diagram drawn from its shape (product.md#chords): as many strings as the lesson's
 * instrument (`tuning`: a guitar's six, a ukulele's or a bass's four), the first on the left, the nut at
 * the top (or the base fret's number beside the first row), dots with the finger number, a bar for
 * a barre, x and o above the strings. Vector and sized by its box, so it is crisp at any size.
 * `mirror` draws it for a left-handed player (the first string on the right), as the flipped video shows it.
 */
export function ChordDiagram({
  name,
  frets,
  fingers,
  mirror = false,
  tuning = GUITAR_TUNING,
  className,
}: {
  name: string;
  frets: string;
  fingers?: string | null;
  mirror?: boolean;
  tuning?: ChordTuning;
  className?: string;
}) {
  // A shape that is not its lesson's instrument's (saved before the instrument was set, or an
  // editor's preview) is drawn with the strings it has.
  const count = chordStringCount(frets);
  const drawn = count === tuning.strings.length ? tuning : count === 4 ? UKULELE_TUNING : GUITAR_TUNING;
  const shape = chordShape(frets, fingers, drawn);
  if (!shape) return null;
  const strings = shape.frets.length;
  // Geometry in the viewBox's units: strings 12 apart, 5 frets 14 apart, room above and left.
  const gap = 12;
  const fretGap = 14;
  const left = 14;
  const top = 16;
  const width = left + gap * (strings - 1) + 10;
  const height = top + fretGap * CHORD_DIAGRAM_FRETS + 6;
  const x = (string: number) => left + gap * (mirror ? strings - 1 - string : string);
  const y = (fret: number) => top + fretGap * (fret - shape.baseFret) + fretGap / 2;
  const open = shape.frets.map((f, i) => (f === null ? `string ${i + 1} not played` : f === 0 ? `string ${i + 1} open` : null));
  const described = shape.frets
    .map(
      (f, i) =>
        (f === null ? 'x' : String(f)) +
        (shape.fingers[i] ? ` (finger ${shape.fingers[i] === 5 ? 'thumb' : shape.fingers[i]})` : ''),
    )
    .join(', ');
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`${name} chord: frets from ${drawn.first} ${described}${mirror ? ', drawn left-handed' : ''}`}
      className={className}
      data-testid="chord-diagram"
      data-mirror={mirror ? 'true' : 'false'}
      data-strings={strings}
    >
      {/* Nut (thick) at the first fret, else the base fret's number. */}
      {shape.baseFret === 1 ? (
        <rect x={left - 1} y={top - 3} width={gap * (strings - 1) + 2} height={3} fill="currentColor" />
      ) : (
        <text
          x={mirror ? left + gap * (strings - 1) + 4 : left - 4}
          y={top + fretGap / 2 + 3}
          fontSize={8}
          textAnchor={mirror ? 'start' : 'end'}
          fill="currentColor"
        >
          {shape.baseFret}
        </text>
      )}
      {Array.from({ length: CHORD_DIAGRAM_FRETS + 1 }, (_, i) => (
        <line
          key={`f${i}`}
          x1={left}
          x2={left + gap * (strings - 1)}
          y1={top + fretGap * i}
          y2={top + fretGap * i}
          stroke="currentColor"
          strokeWidth={0.8}
          opacity={0.6}
        />
      ))}
      {Array.from({ length: strings }, (_, i) => (
        <line
          key={`s${i}`}
          x1={x(i)}
          x2={x(i)}
          y1={top}
          y2={top + fretGap * CHORD_DIAGRAM_FRETS}
          stroke="currentColor"
          strokeWidth={0.8 + (strings - 1 - i) * 0.12}
        />
      ))}
      {open.map((label, i) =>
        label ? (
          <text key={`o${i}`} x={x(i)} y={top - 6} fontSize={8} textAnchor="middle" fill="currentColor">
            {shape.frets[i] === null ? '×' : '○'}
          </text>
        ) : null,
      )}
      {shape.barres.map((barre) => (
        <rect
          key={`b${barre.fret}`}
          x={Math.min(x(barre.from), x(barre.to)) - 4.5}
          y={y(barre.fret) - 4.5}
          width={Math.abs(x(barre.to) - x(barre.from)) + 9}
          height={9}
          rx={4.5}
          fill="currentColor"
        />
      ))}
      {shape.frets.map((fret, i) => {
        if (fret === null || fret === 0) return null;
        const finger = shape.fingers[i] ?? 0;
        const inBarre = shape.barres.some((b) => b.fret === fret && i >= b.from && i <= b.to && b.finger === finger);
        return (
          <g key={`d${i}`}>
            {inBarre ? null : <circle cx={x(i)} cy={y(fret)} r={4.5} fill="currentColor" />}
            {finger ? (
              <text x={x(i)} y={y(fret) + 2.8} fontSize={7} textAnchor="middle" fill="white" fontWeight={700}>
                {finger === 5 ? 'T' : finger}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
