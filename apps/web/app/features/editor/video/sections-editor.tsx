import { useState } from 'react';
import { UPLOAD_ACCEPT_ALL, VIDEO_SECTION_TYPES, type EditorSection, type VideoSectionType } from '@fretline/contract';
import { Button, selectClasses } from '../../../components/ui';
import { SelectInput, TextInput, type FieldErrors, type rowFields } from '../form-kit/fields';
import { RichTextArea } from '../form-kit/rich-text';
import { MediaField, StreamField } from '../form-kit/media-upload';
import { ListStatus, RepeatableRows, numberedRow, rowTarget, useEditorList } from '../form-kit/repeatable-list';

const SECTION_TYPE_LABELS: Record<VideoSectionType, string> = {
  text: 'Text',
  soundslice: 'Soundslice notation',
  spotify: 'Spotify track',
  youtube: 'YouTube video',
  asset: 'Download',
  stream: 'Extra stream',
};

const TYPE_OPTIONS = VIDEO_SECTION_TYPES.map((t) => ({ value: t, label: SECTION_TYPE_LABELS[t] }));

type SectionValues = Partial<Omit<EditorSection, 'id_video_section' | 'video_section_type'>>;
interface SectionDraft {
  type: VideoSectionType;
  values: SectionValues;
}

/** The card is the fieldset here (the row's list item carries no box of its own). */
const SECTION_LOOK = {
  fieldset: 'rounded-xl border border-stone-200 bg-stone-50/60 p-3 sm:p-4',
  header: 'mb-3 flex flex-wrap items-center justify-between gap-2',
  heading: 'text-sm font-bold text-ink-900',
};

const TEXT_HINT = 'Headings, bold, italic, lists, quotes and links from the toolbar; Ctrl+B and Ctrl+I work too.';

type SectionField = keyof SectionValues;

/** The fields of one section's type; every one is named and placed by its API field. */
function SectionFields({
  draft,
  at,
}: {
  draft: SectionDraft;
  at: (field: SectionField) => ReturnType<ReturnType<typeof rowFields>>;
}) {
  const v = draft.values;
  // An id pasted from another site's address: never capitalised or spell-checked.
  const idInput = (field: SectionField, label: string, hint: string) => (
    <TextInput
      {...at(field)}
      label={label}
      hint={hint}
      defaultValue={v[field] ?? ''}
      autoCapitalize="off"
      spellCheck={false}
      required
    />
  );
  const poster = (field: 'video_section_youtube_poster' | 'video_section_stream_poster', hint?: string) => (
    <MediaField
      {...at(field)}
      label="Poster image"
      defaultValue={v[field]}
      defaultUrl={v[`${field}_signed`]}
      {...(hint ? { hint } : {})}
    />
  );
  switch (draft.type) {
    case 'text':
      return (
        <RichTextArea
          {...at('video_section_content')}
          label="Text"
          hint={TEXT_HINT}
          defaultValue={v.video_section_content ?? ''}
          required
        />
      );
    case 'soundslice':
      return idInput(
        'video_section_soundslice_id',
        'Soundslice id',
        'The id in the slice’s address: soundslice.com/slices/<id>/',
      );
    case 'spotify':
      return idInput(
        'video_section_spotify_id',
        'Spotify track id',
        'The id in the track’s address: open.spotify.com/track/<id>',
      );
    case 'youtube':
      return (
        <div className="grid gap-4 md:grid-cols-2">
          {idInput('video_section_youtube_id', 'YouTube video id', 'The 11 characters after watch?v= in the address.')}
          {poster('video_section_youtube_poster', 'Shown until the visitor allows YouTube.')}
        </div>
      );
    case 'asset':
      return (
        <div className="space-y-4">
          <MediaField
            {...at('video_section_asset_path')}
            label="File to download"
            accept={UPLOAD_ACCEPT_ALL}
            defaultValue={v.video_section_asset_path}
            defaultUrl={v.video_section_asset_url_signed}
            hint="A PDF, Guitar Pro file, audio or ZIP. Members only on premium videos."
          />
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
            <TextInput
              {...at('video_section_asset_name')}
              label="Name on the button"
              hint="Empty: the file’s name."
              defaultValue={v.video_section_asset_name ?? ''}
            />
            <TextInput
              {...at('video_section_asset_extension')}
              label="File type"
              hint="Empty: from the file."
              defaultValue={v.video_section_asset_extension ?? ''}
            />
          </div>
        </div>
      );
    case 'stream':
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <StreamField
            {...at('video_section_stream_manifest')}
            label="Stream"
            hint="A demo clip, or a video whose uploaded file was processed. Needed."
            defaultValue={v.video_section_stream_manifest}
            defaultPoster={v.video_section_stream_poster_signed}
          />
          {poster('video_section_stream_poster')}
        </div>
      );
  }
}

export interface SectionsEditorProps {
  sections: readonly EditorSection[];
  errors: FieldErrors;
}

/** The video's sections: add one of each type, reorder, change type, remove (video_sections, product.md#entities). */
export function SectionsEditor({ sections, errors }: SectionsEditorProps) {
  const list = useEditorList<SectionDraft>(
    sections.map(({ id_video_section: _id, video_section_type, ...values }) => ({ type: video_section_type, values })),
    'section',
  );
  const [newType, setNewType] = useState<VideoSectionType>('text');

  return (
    <div className="space-y-4">
      {list.items.length === 0 ? (
        <p className="text-sm text-stone-600">No sections yet. Add the lesson’s text, notation or downloads.</p>
      ) : null}
      <RepeatableRows
        list={list}
        name="video_sections"
        errors={errors}
        look={SECTION_LOOK}
        className="space-y-4"
        describe={(item, i) => {
          const typeLabel = SECTION_TYPE_LABELS[item.value.type];
          return {
            ...numberedRow('Section', i, 'add-section-type'),
            legend: `Section ${i + 1}: ${typeLabel}`,
            heading: `${i + 1}. ${typeLabel}`,
          };
        }}
      >
        {(item, at) => (
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]">
              <SelectInput
                {...at('video_section_type')}
                label="Type"
                options={TYPE_OPTIONS}
                value={item.value.type}
                onChange={(e) => {
                  const type = e.currentTarget.value as VideoSectionType;
                  list.update(item.key, (d) => ({ ...d, type }));
                }}
              />
              <TextInput
                {...at('video_section_heading')}
                label="Heading"
                defaultValue={item.value.values.video_section_heading ?? ''}
                placeholder="About this lesson"
              />
            </div>
            <SectionFields draft={item.value} at={at} />
          </div>
        )}
      </RepeatableRows>
      <div className="flex flex-wrap items-end gap-2 rounded-xl border border-dashed border-stone-300 p-3">
        <div className="min-w-48 flex-1 sm:flex-none">
          <label htmlFor="add-section-type" className="block text-sm font-semibold text-ink-900">
            New section type
          </label>
          <select
            id="add-section-type"
            value={newType}
            onChange={(e) => setNewType(e.currentTarget.value as VideoSectionType)}
            className={`${selectClasses} mt-1`}
          >
            {TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          onClick={() =>
            list.add({ type: newType, values: {} }, { focus: rowTarget, said: `${SECTION_TYPE_LABELS[newType]} section added.` })
          }
        >
          Add section
        </Button>
      </div>
      <ListStatus announcement={list.announcement} errorPath="video_sections" error={errors.video_sections} />
    </div>
  );
}
