import { INSTRUMENT_FAMILIES, VIDEO_KINDS } from '@fretline/contract';

/** The list's `kind` and `instrument_family` choices (product.md#search), "any" first. */
export const KIND_OPTIONS: { value: string; label: string }[] = [
  { value: '', label: 'All' },
  ...Object.keys(VIDEO_KINDS).map((kind) => ({ value: kind, label: kind === 'lesson' ? 'Lessons' : 'Songs' })),
];
export const FAMILY_OPTIONS: { value: string; label: string }[] = [
  { value: '', label: 'Any instrument' },
  ...INSTRUMENT_FAMILIES.map((family) => ({ value: family, label: family[0]!.toUpperCase() + family.slice(1) })),
];

/**
 * One row of choices as radio buttons drawn like pills: a native radio group, so the arrow keys
 * move between the choices and the group is one tab stop; it wraps on a narrow phone.
 */
function PillGroup({
  name,
  legend,
  options,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-wrap items-center gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value || 'any'}
          className="inline-flex min-h-10 cursor-pointer items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-ink-900 hover:border-brand-300 has-checked:border-ink-900 has-checked:bg-ink-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/** Lessons or songs, and which instrument (product.md#search): the first filters, above the facets (folded with them on a phone). */
export function KindFilters({
  kind,
  family,
  onChange,
}: {
  kind: string;
  family: string;
  onChange: (key: 'kind' | 'instrument_family', value: string) => void;
}) {
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-2">
      <PillGroup
        name="kind"
        legend="Lessons or songs"
        options={KIND_OPTIONS}
        value={kind}
        onChange={(v) => onChange('kind', v)}
      />
      <PillGroup
        name="instrument_family"
        legend="Instrument"
        options={FAMILY_OPTIONS}
        value={family}
        onChange={(v) => onChange('instrument_family', v)}
      />
    </div>
  );
}
