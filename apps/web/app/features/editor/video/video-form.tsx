import { useState } from 'react';
import {
  EDITOR_TEXT_FACETS,
  VIDEO_CATEGORIES,
  type EditorTextFacet,
  type EditorVideo,
  type EditorVideoOptions,
  type VideoPlayer,
} from '@fretline/contract';
import { EditorForm, useEntryForm, type EntryFormProps } from '../form-kit/editor-form';
import { CheckField, FormSection, SelectInput, StreamDetails, TextArea, TextInput } from '../form-kit/fields';
import { MediaField, StreamField } from '../form-kit/media-upload';
import { ChaptersEditor } from './chapters-editor';
import { ChordsEditor } from './chords-editor';
import { CoursesEditor } from './courses-editor';
import { fieldLabel } from './field-labels';
import { SectionsEditor } from './sections-editor';
import { StreamSource } from './stream-source';
import { TagsEditor } from './tags-editor';
import { TempoField } from './tempo-field';
import { videoKind } from './video-kind';

const FACET_LABELS: Record<EditorTextFacet, { label: string; placeholder: string }> = {
  video_difficulty: { label: 'Difficulty', placeholder: 'Beginner' },
  video_grade: { label: 'Grade', placeholder: 'Grade 1' },
  video_instrument: { label: 'Instrument', placeholder: 'Acoustic Guitar' },
  video_skill: { label: 'Skill', placeholder: 'Chords' },
  video_genre: { label: 'Genre', placeholder: 'Folk' },
  video_decade: { label: 'Decade', placeholder: '1970s' },
  video_artist: { label: 'Artist', placeholder: 'For songs' },
  video_type: { label: 'Type', placeholder: 'Riff, Solo…' },
};

/** Every Video field (product.md#entities) a person sets, in groups; submitted whole (ADR 0037). */
export function VideoForm({ options, ...props }: EntryFormProps<EditorVideo> & { options: EditorVideoOptions }) {
  const { saved: video } = props;
  const { errors, field } = useEntryForm(props);
  const [player, setPlayer] = useState<VideoPlayer>(video?.video_player ?? 'stream');
  const [category, setCategory] = useState(video?.video_category ?? 'Lesson');

  return (
    <EditorForm
      kind={videoKind}
      {...props}
      labelOf={fieldLabel}
      confirmStatus={false}
      autosave
      basics={
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectInput
              name="video_category"
              label="Category"
              errors={errors}
              required
              options={VIDEO_CATEGORIES.map((c) => ({ value: c, label: c }))}
              value={category}
              onChange={(e) => setCategory(e.currentTarget.value as typeof category)}
            />
            <TextInput
              {...field('video_order')}
              label="Order"
              hint="Lower first. Empty: last."
              type="number"
              inputMode="numeric"
              min={0}
            />
          </div>
          <TextArea
            {...field('video_excerpt')}
            label="Excerpt"
            hint="Shown on cards and in search results. Empty: the start of the first text section (220 characters)."
            rows={3}
            maxLength={1000}
          />
          <CheckField
            name="video_premium"
            title="Premium: for members only"
            description="Others see the title, poster, headings and a short preview, and are invited to join."
            defaultChecked={video?.video_premium ?? false}
            sendsFalse={false}
          />
        </>
      }
    >
      <FormSection id="group-media" title="Player and poster">
        <fieldset>
          <legend className="text-sm font-semibold text-ink-900">Player</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {(
              [
                ['stream', 'Our stream (HLS)'],
                ['youtube', 'YouTube'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-200 px-3 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="video_player"
                  value={value}
                  checked={player === value}
                  onChange={() => setPlayer(value)}
                  className="size-4 shrink-0 accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {/* Both players' fields are always sent, so switching player loses nothing. */}
        <div hidden={player !== 'youtube'} className="space-y-4">
          <TextInput
            {...field('youtube_video_id')}
            label="YouTube video id"
            hint="The 11 characters after watch?v= in the video’s address. Needed to publish."
            autoCapitalize="off"
            spellCheck={false}
            className="font-mono"
          />
        </div>
        <div hidden={player !== 'stream'} className="space-y-4">
          <StreamSource video={video} processing={options.stream_processing} errors={errors} />
          <StreamField
            name="video_stream_manifest"
            label="Stream"
            hint="Filled in by processing when a video file is used; or choose a stream already made. Needed to publish."
            defaultValue={video?.video_stream_manifest}
            defaultPoster={video?.video_stream_poster_signed ?? video?.video_image_signed}
            errors={errors}
          />
          <MediaField
            name="video_stream_poster"
            label="Player poster"
            savedIn={video}
            hint="Shown before the stream plays. Empty: the card poster."
            errors={errors}
          />
          <StreamDetails prefix="video" savedIn={video} errors={errors} />
        </div>
        <MediaField
          name="video_image"
          label="Card poster"
          savedIn={video}
          hint="The picture on video cards and lists (16:9)."
          errors={errors}
        />
      </FormSection>

      <FormSection
        id="group-facets"
        title="Facets and tags"
        description="What /videos filters by. Pick a value already in use (suggested as you type) or type a new one."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {EDITOR_TEXT_FACETS.map((facet) => (
            <TextInput
              key={facet}
              name={facet}
              label={FACET_LABELS[facet].label}
              errors={errors}
              suggestions={options.values[facet]}
              defaultValue={video?.[facet] ?? ''}
              placeholder={FACET_LABELS[facet].placeholder}
              autoComplete="off"
            />
          ))}
        </div>
        <TagsEditor tags={video?.video_tags ?? []} known={options.tags} errors={errors} />
        <SelectInput
          name="id_recommended_course"
          label="Recommended course"
          hint="Suggested on the video’s page when it is not watched in a course."
          errors={errors}
          options={[
            { value: '', label: 'None' },
            ...options.courses.map((c) => ({
              value: String(c.id_course),
              label: `${c.course_title}${c.course_published ? '' : ' (draft)'}`,
            })),
          ]}
          defaultValue={video?.id_recommended_course ? String(video.id_recommended_course) : ''}
        />
      </FormSection>

      <FormSection id="group-sections" title="Sections" description="What the page shows under the player, in order.">
        <SectionsEditor sections={video?.video_sections ?? []} errors={errors} />
      </FormSection>

      <FormSection id="group-chords" title="Chords">
        <ChordsEditor chords={video?.video_chords ?? []} errors={errors} />
      </FormSection>

      <FormSection
        id="group-practice"
        title="Practice"
        description="Chapters mark the player’s timeline and list; the tempo sets the practice metronome."
      >
        <TempoField tempo={video?.video_tempo ?? null} errors={errors} />
        <ChaptersEditor chapters={video?.video_chapters ?? []} errors={errors} />
      </FormSection>

      <FormSection
        id="group-courses"
        title="Courses"
        description="Put the video in a course at the right place: position 1 is the course’s first entry."
      >
        <CoursesEditor
          courses={video?.video_courses ?? []}
          options={options.courses}
          defaultKind={category === 'Song' ? 'song' : 'video'}
          errors={errors}
        />
      </FormSection>
    </EditorForm>
  );
}
