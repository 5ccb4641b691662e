import { useState } from 'react';
import {
  UPLOAD_ACCEPT_ALL,
  UPLOAD_ACCEPT_IMAGES,
  VIDEO_SECTION_TYPES,
  type EditorSection,
  type VideoSectionType,
} from '@fretline/contract';
import { Button, selectClasses } from '../../../components/ui';
import { ErrorText, MediaField, SelectInput, TextArea, TextInput, fieldErrorId, type FieldErrors } from '../form-kit/fields';
import { rowTarget, useEditorList } from '../form-kit/editor-list';
import { RowTools } from '../form-kit/row-tools';

export const SECTION_TYPE_LABELS: Record<VideoSectionType, string> = {
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

const TEXT_HINT =
  'Plain text (a blank line starts a new paragraph) or simple HTML: p, strong, em, ul, ol, li, h3, h4, blockquote, a. Anything else is removed.';

function SectionFields({
  draft,
  prefix,
  path,
  errors,
}: {
  draft: SectionDraft;
  prefix: string;
  path: string;
  errors: FieldErrors;
}) {
  const v = draft.values;
  const name = (field: string) => `${prefix}[${field}]`;
  const at = (field: string) => `${path}.${field}`;
  switch (draft.type) {
    case 'text':
      return (
        <TextArea
          name={name('video_section_content')}
          path={at('video_section_content')}
          label="Text"
          hint={TEXT_HINT}
          errors={errors}
          defaultValue={v.video_section_content ?? ''}
          rows={8}
          required
        />
      );
    case 'soundslice':
      return (
        <TextInput
          name={name('video_section_soundslice_id')}
          path={at('video_section_soundslice_id')}
          label="Soundslice id"
          hint="The id in the slice’s address: soundslice.com/slices/<id>/"
          errors={errors}
          defaultValue={v.video_section_soundslice_id ?? ''}
          autoCapitalize="off"
          spellCheck={false}
          required
        />
      );
    case 'spotify':
      return (
        <TextInput
          name={name('video_section_spotify_id')}
          path={at('video_section_spotify_id')}
          label="Spotify track id"
          hint="The id in the track’s address: open.spotify.com/track/<id>"
          errors={errors}
          defaultValue={v.video_section_spotify_id ?? ''}
          autoCapitalize="off"
          spellCheck={false}
          required
        />
      );
    case 'youtube':
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            name={name('video_section_youtube_id')}
            path={at('video_section_youtube_id')}
            label="YouTube video id"
            hint="The 11 characters after watch?v= in the address."
            errors={errors}
            defaultValue={v.video_section_youtube_id ?? ''}
            autoCapitalize="off"
            spellCheck={false}
            required
          />
          <MediaField
            name={name('video_section_youtube_poster')}
            path={at('video_section_youtube_poster')}
            label="Poster image"
            accept={UPLOAD_ACCEPT_IMAGES}
            defaultValue={v.video_section_youtube_poster}
            defaultUrl={v.video_section_youtube_poster_signed}
            hint="Shown until the visitor allows YouTube."
            errors={errors}
          />
        </div>
      );
    case 'asset':
      return (
        <div className="space-y-4">
          <MediaField
            name={name('video_section_asset_path')}
            path={at('video_section_asset_path')}
            label="File to download"
            accept={UPLOAD_ACCEPT_ALL}
            defaultValue={v.video_section_asset_path}
            defaultUrl={v.video_section_asset_url_signed}
            hint="A PDF, Guitar Pro file, audio or ZIP. Members only on premium videos."
            errors={errors}
          />
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
            <TextInput
              name={name('video_section_asset_name')}
              path={at('video_section_asset_name')}
              label="Name on the button"
              hint="Empty: the file’s name."
              errors={errors}
              defaultValue={v.video_section_asset_name ?? ''}
            />
            <TextInput
              name={name('video_section_asset_extension')}
              path={at('video_section_asset_extension')}
              label="File type"
              hint="Empty: from the file."
              errors={errors}
              defaultValue={v.video_section_asset_extension ?? ''}
            />
          </div>
        </div>
      );
    case 'stream':
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            name={name('video_section_stream_manifest')}
            path={at('video_section_stream_manifest')}
            label="Stream manifest (.m3u8)"
            hint="The media path of the HLS playlist, e.g. demo/hls/demo-clip/index.m3u8."
            errors={errors}
            defaultValue={v.video_section_stream_manifest ?? ''}
            autoCapitalize="off"
            spellCheck={false}
            className="font-mono text-sm"
            required
          />
          <MediaField
            name={name('video_section_stream_poster')}
            path={at('video_section_stream_poster')}
            label="Poster image"
            accept={UPLOAD_ACCEPT_IMAGES}
            defaultValue={v.video_section_stream_poster}
            defaultUrl={v.video_section_stream_poster_signed}
            errors={errors}
          />
        </div>
      );
  }
}

export interface SectionsEditorProps {
  sections: readonly EditorSection[];
  errors: FieldErrors;
}

/** The video's sections: add one of each type, reorder, change type, remove (spec §3 video_sections). */
export function SectionsEditor({ sections, errors }: SectionsEditorProps) {
  const list = useEditorList<SectionDraft>(
    sections.map(({ id_video_section: _id, video_section_type, ...values }) => ({ type: video_section_type, values })),
    'section',
  );
  const [newType, setNewType] = useState<VideoSectionType>('text');
  const count = list.items.length;

  return (
    <div className="space-y-4">
      {count === 0 ? (
        <p className="text-sm text-stone-600">No sections yet. Add the lesson’s text, notation or downloads.</p>
      ) : null}
      <ol className="space-y-4">
        {list.items.map((item, i) => {
          const prefix = `video_sections[${i}]`;
          const path = `video_sections.${i}`;
          const label = `section ${i + 1}`;
          return (
            <li key={item.key} data-row={item.key}>
              <fieldset className="rounded-xl border border-stone-200 bg-stone-50/60 p-3 sm:p-4">
                <legend className="sr-only">
                  Section {i + 1}: {SECTION_TYPE_LABELS[item.value.type]}
                </legend>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <p aria-hidden="true" className="text-sm font-bold text-ink-900">
                    {i + 1}. {SECTION_TYPE_LABELS[item.value.type]}
                  </p>
                  <RowTools
                    itemKey={item.key}
                    index={i}
                    count={count}
                    label={label}
                    onMove={(delta) => list.move(item.key, delta, (position) => `Section moved to position ${position}.`)}
                    onRemove={() =>
                      list.remove(item.key, {
                        focus: (neighbour) => (neighbour ? rowTarget(neighbour) : 'add-section-type'),
                        said: `Section ${i + 1} removed.`,
                      })
                    }
                  />
                </div>
                <div className="space-y-4">
                  <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,1fr)]">
                    <SelectInput
                      name={`${prefix}[video_section_type]`}
                      path={`${path}.video_section_type`}
                      label="Type"
                      errors={errors}
                      options={TYPE_OPTIONS}
                      value={item.value.type}
                      onChange={(e) => {
                        const type = e.currentTarget.value as VideoSectionType;
                        list.update(item.key, (d) => ({ ...d, type }));
                      }}
                    />
                    <TextInput
                      name={`${prefix}[video_section_heading]`}
                      path={`${path}.video_section_heading`}
                      label="Heading"
                      errors={errors}
                      defaultValue={item.value.values.video_section_heading ?? ''}
                      placeholder="About this lesson"
                    />
                  </div>
                  <SectionFields draft={item.value} prefix={prefix} path={path} errors={errors} />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
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
          onClick={() => {
            const key = list.newKey();
            list.add(
              { key, value: { type: newType, values: {} } },
              { focus: rowTarget(key), said: `${SECTION_TYPE_LABELS[newType]} section added.` },
            );
          }}
        >
          Add section
        </Button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {list.announcement}
      </p>
      <ErrorText id={fieldErrorId('video_sections')} message={errors.video_sections} />
    </div>
  );
}
