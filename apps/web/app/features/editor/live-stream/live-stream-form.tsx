import type { EditorLiveStream } from '@fretline/contract';
import { EditorForm, useEntryForm, type EntryFormProps } from '../form-kit/editor-form';
import { CheckField, FormSection, SelectInput, TextInput } from '../form-kit/fields';
import { RichTextArea } from '../form-kit/rich-text';
import { MediaField, StreamField } from '../form-kit/media-upload';
import { liveStreamKind } from './live-stream-kind';

/** A replay the stream may link to. */
export interface ReplayOption {
  id_video: number;
  video_title: string;
  video_published: boolean;
}

/** A stored time as a `datetime-local` value in UTC (the site shows every time in UTC, ADR 0030). */
function toUtcInput(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

/** A live stream as an editor sets it (/live, product.md#pages), saved whole (ADR 0037). */
export function LiveStreamForm({ replays, ...props }: EntryFormProps<EditorLiveStream> & { replays: readonly ReplayOption[] }) {
  const { saved: stream } = props;
  const { errors, field } = useEntryForm(props);
  const replayOptions = [
    { value: '', label: 'None yet' },
    ...replays.map((r) => ({ value: String(r.id_video), label: `${r.video_title}${r.video_published ? '' : ' (draft)'}` })),
  ];
  const time = (name: 'stream_starts' | 'stream_ends', label: string) => (
    <TextInput
      name={name}
      label={label}
      type="datetime-local"
      errors={errors}
      required
      defaultValue={toUtcInput(stream?.[name])}
    />
  );

  return (
    <EditorForm
      kind={liveStreamKind}
      {...props}
      // A draft saves itself; a published entry only on purpose (ADR 0061).
      autosave
      basics={
        <>
          <RichTextArea
            {...field('stream_description')}
            label="Description"
            hint="What the stream covers: headings, lists, quotes and links from the toolbar."
          />
          <CheckField
            name="stream_premium"
            title="Members only"
            description="Others see the stream’s page and are invited to join while it is live."
            defaultChecked={stream?.stream_premium ?? false}
          />
        </>
      }
    >
      <FormSection
        id="group-when"
        title="When"
        description="Times are in UTC, as the site shows them; the end comes after the start."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {time('stream_starts', 'Starts (UTC)')}
          {time('stream_ends', 'Ends (UTC)')}
        </div>
      </FormSection>

      <FormSection id="group-media" title="Stream and replay">
        <StreamField
          name="stream_manifest"
          label="Ready-made stream"
          hint="Only for a stream made beforehand (a demo clip or a processed video). None when you go live from OBS (below)."
          defaultValue={stream?.stream_manifest}
          defaultPoster={stream?.stream_poster_signed}
          errors={errors}
        />
        <MediaField
          name="stream_poster"
          label="Poster"
          savedIn={stream}
          hint="Shown on the live list and before the stream starts (16:9)."
          errors={errors}
        />
        <CheckField
          name="stream_auto_replay"
          title="Make a replay when the stream ends"
          description="When the encoder stops, the recording becomes a Live Replay video with the answered questions as chapters, published once it is processed."
          defaultChecked={stream?.stream_auto_replay ?? true}
        />
        <SelectInput
          name="id_video_replay"
          label="Replay video"
          hint="Once the stream is over, its page links to this Live Replay."
          errors={errors}
          options={replayOptions}
          defaultValue={stream?.id_video_replay ? String(stream.id_video_replay) : ''}
        />
      </FormSection>
    </EditorForm>
  );
}
