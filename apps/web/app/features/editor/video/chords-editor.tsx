import { UPLOAD_ACCEPT_IMAGES, type EditorVideo } from '@fretline/contract';
import { Button } from '../../../components/ui';
import { ErrorText, MediaField, TextInput, fieldErrorId, type FieldErrors } from '../form-kit/fields';
import { rowTarget, useEditorList } from '../form-kit/editor-list';
import { RowTools } from '../form-kit/row-tools';

/** `previewUrl` is the saved diagram's signed URL, so the picker shows the image rather than its type. */
type ChordDraft = { text: string; url: string | null; previewUrl: string | null };

/** The chords a video uses (spec §3 video_chords: text and a diagram), in the order shown. */
export function ChordsEditor({ chords, errors }: { chords: EditorVideo['video_chords']; errors: FieldErrors }) {
  const list = useEditorList<ChordDraft>(
    chords.map((c) => ({ text: c.video_chord_text, url: c.video_chord_url, previewUrl: c.video_chord_url_signed })),
    'chord',
  );
  const count = list.items.length;
  return (
    <div className="space-y-4">
      {count === 0 ? <p className="text-sm text-stone-600">No chords listed.</p> : null}
      <ol className="space-y-3">
        {list.items.map((item, i) => {
          const label = `chord ${i + 1}`;
          return (
            <li key={item.key} data-row={item.key} className="rounded-xl border border-stone-200 bg-stone-50/60 p-3">
              <fieldset>
                <legend className="sr-only">Chord {i + 1}</legend>
                {/* A heading row with the row's buttons, as in Sections, so the diagram keeps a wide column. */}
                <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                  <p aria-hidden="true" className="text-sm font-bold text-ink-900">
                    Chord {i + 1}
                  </p>
                  <RowTools
                    itemKey={item.key}
                    index={i}
                    count={count}
                    label={label}
                    onMove={(delta) => list.move(item.key, delta, (position) => `Chord moved to position ${position}.`)}
                    onRemove={() =>
                      list.remove(item.key, {
                        focus: (neighbour) => (neighbour ? rowTarget(neighbour) : 'add-chord'),
                        said: `Chord ${i + 1} removed.`,
                      })
                    }
                  />
                </div>
                <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)] sm:items-start">
                  <TextInput
                    name={`video_chords[${i}][video_chord_text]`}
                    path={`video_chords.${i}.video_chord_text`}
                    label="Chord"
                    errors={errors}
                    defaultValue={item.value.text}
                    placeholder="Am7"
                    required
                  />
                  <MediaField
                    name={`video_chords[${i}][video_chord_url]`}
                    path={`video_chords.${i}.video_chord_url`}
                    label="Diagram"
                    accept={UPLOAD_ACCEPT_IMAGES}
                    defaultValue={item.value.url}
                    defaultUrl={item.value.previewUrl}
                    errors={errors}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        id="add-chord"
        variant="secondary"
        onClick={() => {
          const key = list.newKey();
          list.add({ key, value: { text: '', url: null, previewUrl: null } }, { focus: rowTarget(key), said: 'Chord added.' });
        }}
      >
        Add chord
      </Button>
      <p role="status" aria-live="polite" className="sr-only">
        {list.announcement}
      </p>
      <ErrorText id={fieldErrorId('video_chords')} message={errors.video_chords} />
    </div>
  );
}
