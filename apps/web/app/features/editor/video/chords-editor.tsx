import { CHORD_LIBRARY, chordShapeProblem, libraryChord, type EditorVideo } from '@fretline/contract';
import { Button } from '../../../components/ui';
import { ChordDiagram } from '../../../components/ui/chord-diagram';
import { TextInput, type FieldErrors } from '../form-kit/fields';
import { MediaField } from '../form-kit/media-upload';
import { ListStatus, RepeatableRows, numberedRow, rowTarget, useEditorList } from '../form-kit/repeatable-list';

/**
 * `previewUrl` is the saved diagram's signed URL, so the picker shows the image rather than its
 * type. `frets`, `fingers` and `key` are the chord as data (product.md#chords), drawn live.
 */
type ChordDraft = {
  text: string;
  url: string | null;
  previewUrl: string | null;
  frets: string;
  fingers: string;
  key: string;
};

/** A heading row with the row's buttons, as in Sections, so the diagram keeps a wide column. */
const CHORD_LOOK = {
  row: 'rounded-xl border border-stone-200 bg-stone-50/60 p-3',
  header: 'mb-2 flex flex-wrap items-center justify-between gap-2',
  heading: 'text-sm font-bold text-ink-900',
};

const KIND_LABELS = { open: 'Open chords', barre: 'Barre chords', power: 'Power chords' } as const;

const selectClasses =
  'block min-h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-ink-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

/**
 * The chords a video uses (video_chords, product.md#entities and product.md#chords), in the order
 * shown: each picked from the chord library or typed as a shape with a live diagram, and an
 * uploaded picture as before (kept when there is no shape).
 */
export function ChordsEditor({ chords, errors }: { chords: EditorVideo['video_chords']; errors: FieldErrors }) {
  const list = useEditorList<ChordDraft>(
    chords.map((c) => ({
      text: c.video_chord_text,
      url: c.video_chord_url,
      previewUrl: c.video_chord_url_signed,
      frets: c.video_chord_frets ?? '',
      fingers: c.video_chord_fingers ?? '',
      key: c.video_chord_key ?? '',
    })),
    'chord',
  );
  return (
    <div className="space-y-4">
      {list.items.length === 0 ? <p className="text-sm text-stone-600">No chords listed.</p> : null}
      <RepeatableRows
        list={list}
        name="video_chords"
        errors={errors}
        look={CHORD_LOOK}
        className="space-y-3"
        describe={(_, i) => numberedRow('Chord', i, 'add-chord')}
      >
        {(item, at) => {
          const set = (change: Partial<ChordDraft>) => list.update(item.key, (v) => ({ ...v, ...change }));
          const v = item.value;
          const problem = v.frets.trim() ? chordShapeProblem(v.frets, v.fingers) : null;
          const keyField = at('video_chord_key');
          return (
            <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_8rem]" data-testid="chord-row">
              <div className="space-y-3">
                <label className="block text-sm font-semibold text-ink-900">
                  Pick from the chord library
                  <select
                    className={`${selectClasses} mt-1 font-normal`}
                    value={v.key}
                    onChange={(e) => {
                      const chord = libraryChord(e.target.value);
                      set(chord ? { key: chord.key, text: chord.name, frets: chord.frets, fingers: chord.fingers } : { key: '' });
                    }}
                  >
                    <option value="">— Type the shape instead —</option>
                    {(['open', 'barre', 'power'] as const).map((kind) => (
                      <optgroup key={kind} label={KIND_LABELS[kind]}>
                        {CHORD_LIBRARY.filter((c) => c.kind === kind).map((c) => (
                          <option key={c.key} value={c.key}>
                            {c.name} ({c.frets.replace(/ /g, '')})
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                </label>
                <input type="hidden" name={keyField.name} value={v.key} />
                <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)_minmax(0,1fr)]">
                  <TextInput
                    {...at('video_chord_text')}
                    label="Chord"
                    value={v.text}
                    onChange={(e) => set({ text: e.target.value })}
                    placeholder="Am7"
                    required
                  />
                  <TextInput
                    {...at('video_chord_frets')}
                    label="Frets, low E first"
                    hint="x = not played, 0 = open; a ukulele or bass: four, G or low E first"
                    value={v.frets}
                    // A shape typed by hand is no longer the library's chord.
                    onChange={(e) => set({ frets: e.target.value, key: '' })}
                    placeholder="x32010"
                    autoComplete="off"
                    spellCheck={false}
                  />
                  <TextInput
                    {...at('video_chord_fingers')}
                    label="Fingers"
                    hint="1–4, T thumb, 0 none"
                    value={v.fingers}
                    onChange={(e) => set({ fingers: e.target.value, key: '' })}
                    placeholder="032010"
                    autoComplete="off"
                    spellCheck={false}
                  />
                </div>
                <p className="text-sm text-stone-600">Or upload a picture of the diagram (shown when there is no shape):</p>
                <MediaField {...at('video_chord_url')} label="Diagram" defaultValue={v.url} defaultUrl={v.previewUrl} />
              </div>
              <figure
                className="flex flex-col items-center gap-1 rounded-xl border border-stone-200 bg-white p-2"
                aria-live="polite"
              >
                {v.frets.trim() && !problem ? (
                  <ChordDiagram
                    name={v.text || 'Chord'}
                    frets={v.frets}
                    fingers={v.fingers}
                    className="w-full max-w-28 text-ink-900"
                  />
                ) : (
                  <p className="p-2 text-center text-xs text-stone-600">
                    {problem ?? 'Pick or type a shape to see its diagram.'}
                  </p>
                )}
                <figcaption className="text-sm font-semibold text-ink-900">Preview</figcaption>
              </figure>
            </div>
          );
        }}
      </RepeatableRows>
      <Button
        id="add-chord"
        variant="secondary"
        onClick={() =>
          list.add(
            { text: '', url: null, previewUrl: null, frets: '', fingers: '', key: '' },
            { focus: rowTarget, said: 'Chord added.' },
          )
        }
      >
        Add chord
      </Button>
      <ListStatus announcement={list.announcement} errorPath="video_chords" error={errors.video_chords} />
    </div>
  );
}
