import {
  COURSE_ARCHETYPES,
  COURSE_JUMBO_POSITIONS,
  UPLOAD_ACCEPT_VIDEOS,
  type CourseArchetype,
  type EditorCourse,
} from '@fretline/contract';
import { EditorForm, useEntryForm, type EntryFormProps } from '../form-kit/editor-form';
import { FormSection, SelectInput, StreamDetails, TextArea, TextInput } from '../form-kit/fields';
import { RichTextArea } from '../form-kit/rich-text';
import { MediaField, StreamField } from '../form-kit/media-upload';
import { CourseEntries } from './course-entries';
import { TestimonialsEditor } from './testimonials-editor';
import { courseKind } from './course-kind';

const ARCHETYPE_LABELS: Record<CourseArchetype, string> = {
  course: 'Course',
  technique: 'Technique course (newest lesson first)',
};
const POSITION_LABELS: Record<(typeof COURSE_JUMBO_POSITIONS)[number], string> = {
  top: 'Top of the picture',
  center: 'Centre of the picture',
  bottom: 'Bottom of the picture',
};

/**
 * Course as an editor sets it (product.md#entities): the fields, the lessons and songs in order and the
 * testimonials, in one form saved whole (ADR 0037). `course` is null on the new-course page.
 */
export function CourseForm(props: EntryFormProps<EditorCourse>) {
  const { saved: course } = props;
  const { errors, field } = useEntryForm(props);

  return (
    <EditorForm
      kind={courseKind}
      {...props}
      // A draft saves itself; a published entry only on purpose (ADR 0061).
      autosave
      basics={
        <>
          <SelectInput
            {...field('course_archetype', 'course')}
            label="Kind"
            hint="A technique course lists its newest lesson first."
            options={COURSE_ARCHETYPES.map((a) => ({ value: a, label: ARCHETYPE_LABELS[a] }))}
          />
          <TextArea
            {...field('course_excerpt')}
            label="Excerpt"
            hint="One or two sentences for the course list and search results."
            rows={2}
            maxLength={500}
          />
          <RichTextArea
            {...field('course_description')}
            label="Description"
            hint="Shown under “About this course”: headings, lists, quotes and links from the toolbar."
          />
        </>
      }
    >
      <FormSection id="group-images" title="Images">
        <div className="grid gap-4 md:grid-cols-2">
          <MediaField
            name="course_image"
            label="Card image"
            savedIn={course}
            hint="On the course list and course cards (16:9)."
            errors={errors}
          />
          <MediaField
            name="course_jumbo_image"
            label="Banner image"
            savedIn={course}
            hint="The wide picture behind the course page’s title."
            errors={errors}
          />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            {...field('course_image_text')}
            label="Image text"
            hint="Describes the card image for people who cannot see it."
            maxLength={300}
          />
          <SelectInput
            {...field('course_jumbo_image_position', 'center')}
            label="Banner focus"
            hint="The part of the banner that stays in view on narrow screens."
            options={COURSE_JUMBO_POSITIONS.map((p) => ({ value: p, label: POSITION_LABELS[p] }))}
          />
        </div>
      </FormSection>

      <FormSection
        id="group-trailer"
        title="Trailer"
        description="A short stream that shows what the course is like; free to everyone."
      >
        <StreamField
          name="course_stream_manifest"
          label="Trailer stream"
          hint="A demo clip, or a video whose uploaded file was processed. None: no trailer."
          defaultValue={course?.course_stream_manifest}
          defaultPoster={course?.course_stream_poster_signed}
          errors={errors}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <MediaField
            name="course_stream_poster"
            label="Trailer poster"
            savedIn={course}
            hint="Shown before the trailer plays."
            errors={errors}
          />
          <TextInput
            {...field('course_trailer_url')}
            label="Trailer link"
            hint="Where “Watch the trailer” points elsewhere, e.g. /courses/your-slug#trailer or an https:// address."
            autoCapitalize="off"
            spellCheck={false}
          />
        </div>
        <StreamDetails prefix="course" savedIn={course} errors={errors}>
          {/* The stream's folder is the manifest's (the API derives it when none is sent). */}
          <MediaField
            name="course_stream_preview"
            label="Preview clip"
            accept={UPLOAD_ACCEPT_VIDEOS}
            defaultValue={course?.course_stream_preview}
            errors={errors}
          />
        </StreamDetails>
      </FormSection>

      <FormSection
        id="group-entries"
        title="Lessons and songs"
        description="In the order learners take them. Draft videos are kept in place but hidden from learners until published."
      >
        <CourseEntries lessons={course?.course_videos ?? []} songs={course?.course_songs ?? []} errors={errors} />
      </FormSection>

      <FormSection id="group-testimonials" title="Testimonials" description="What learners say, in the order shown.">
        <TestimonialsEditor testimonials={course?.course_testimonials ?? []} errors={errors} />
      </FormSection>
    </EditorForm>
  );
}
