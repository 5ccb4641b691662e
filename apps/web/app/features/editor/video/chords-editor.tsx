import type { EditorVideo } from '@fretline/contract';
import { Button } from '../../../components/ui';
import { TextInput, type FieldErrors } from '../form-kit/fields';
import { MediaField } from '../form-kit/media-upload';
import { ListStatus, RepeatableRows, numberedRow, rowTarget, useEditorList } from '../form-kit/repeatable-list';

/** `previewUrl` is the saved diagram's signed URL, so the picker shows the image rather than its type. */
type ChordDraft = { text: string; url: string | null; previewUrl: string | null };

/** A heading row with the row's buttons, as in Sections, so the diagram keeps a wide column. */
const CHORD_LOOK = {
  row: 'rounded-xl border border-stone-200 bg-stone-50/60 p-3',
  header: 'mb-2 flex flex-wrap items-center justify-between gap-2',
  heading: 'text-sm font-bold text-ink-900',
};

/** The chords a video uses (video_chords, product.md#entities: text and a diagram), in the order shown. */
export function ChordsEditor({ chords, errors }: { chords: EditorVideo['video_chords']; errors: FieldErrors }) {
  const list = useEditorList<ChordDraft>(
    chords.map((c) => ({ text: c.video_chord_text, url: c.video_chord_url, previewUrl: c.video_chord_url_signed })),
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
        {(item, at) => (
          <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)] sm:items-start">
            <TextInput {...at('video_chord_text')} label="Chord" defaultValue={item.value.text} placeholder="Am7" required />
            <MediaField
              {...at('video_chord_url')}
              label="Diagram"
              defaultValue={item.value.url}
              defaultUrl={item.value.previewUrl}
            />
          </div>
        )}
      </RepeatableRows>
      <Button
        id="add-chord"
        variant="secondary"
        onClick={() => list.add({ text: '', url: null, previewUrl: null }, { focus: rowTarget, said: 'Chord added.' })}
      >
        Add chord
      </Button>
      <ListStatus announcement={list.announcement} errorPath="video_chords" error={errors.video_chords} />
    </div>
  );
}
