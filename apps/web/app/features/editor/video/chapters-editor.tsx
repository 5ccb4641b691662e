import { formatPracticeTime, type EditorVideo } from '@fretline/contract';
import { Button } from '../../../components/ui';
import { TextInput, type FieldErrors } from '../form-kit/fields';
import { ListStatus, RepeatableRows, numberedRow, rowTarget, useEditorList } from '../form-kit/repeatable-list';

type ChapterDraft = { time: string; title: string };

const CHAPTER_LOOK = {
  row: 'rounded-xl border border-stone-200 bg-stone-50/60 p-3',
  header: 'mb-2 flex flex-wrap items-center justify-between gap-2',
  heading: 'text-sm font-bold text-ink-900',
};

/**
 * A video's chapters (product.md#practice): a time and a title each. They are marks on the
 * practice player's timeline, a list to jump to, and key moments in the page's schema.org data;
 * the page shows them in time order whatever order they are typed in.
 */
export function ChaptersEditor({ chapters, errors }: { chapters: EditorVideo['video_chapters']; errors: FieldErrors }) {
  const list = useEditorList<ChapterDraft>(
    chapters.map((c) => ({ time: formatPracticeTime(c.time) + fraction(c.time), title: c.title })),
    'chapter',
  );
  return (
    <div className="space-y-4">
      {list.items.length === 0 ? <p className="text-sm text-stone-600">No chapters yet.</p> : null}
      <RepeatableRows
        list={list}
        name="video_chapters"
        errors={errors}
        look={CHAPTER_LOOK}
        className="space-y-3"
        describe={(_, i) => numberedRow('Chapter', i, 'add-chapter')}
      >
        {(item, at) => (
          <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
            <TextInput
              {...at('time')}
              label="Starts at"
              hint="minutes:seconds"
              defaultValue={item.value.time}
              placeholder="1:23"
              inputMode="decimal"
              autoComplete="off"
              required
            />
            <TextInput {...at('title')} label="Title" defaultValue={item.value.title} placeholder="Verse riff" required />
          </div>
        )}
      </RepeatableRows>
      <Button
        id="add-chapter"
        variant="secondary"
        onClick={() => list.add({ time: '', title: '' }, { focus: rowTarget, said: 'Chapter added.' })}
      >
        Add chapter
      </Button>
      <ListStatus announcement={list.announcement} errorPath="video_chapters" error={errors.video_chapters} />
    </div>
  );
}

/** A chapter at 150.5 s reads "2:30.5": the tenths a time was saved with are kept. */
function fraction(seconds: number): string {
  const rest = Math.round((seconds % 1) * 10);
  return rest ? `.${rest}` : '';
}
