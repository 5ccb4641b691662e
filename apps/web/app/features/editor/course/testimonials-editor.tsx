import { COURSE_MAX_TESTIMONIALS, type EditorTestimonial } from '@fretline/contract';
import { Button } from '../../../components/ui';
import { TextArea, TextInput, fieldId, type FieldErrors } from '../form-kit/fields';
import { MediaField } from '../form-kit/media-upload';
import { ListStatus, RepeatableRows, rowButtonId, useEditorList } from '../form-kit/repeatable-list';

/** The card is the row itself; the heading line carries the buttons on one line. */
const TESTIMONIAL_LOOK = {
  row: 'rounded-xl border border-stone-200 bg-stone-50/60 p-3 sm:p-4',
  fieldset: 'space-y-3',
  header: 'flex flex-wrap items-center justify-between gap-2',
  heading: 'font-semibold text-ink-900',
  inline: true,
};

interface TestimonialDraft {
  name: string;
  content: string;
  image: string | null;
  imageUrl: string | null;
}

/**
 * course_testimonials (name, content, image; product.md#entities), in the order the course page shows them.
 * The whole list is saved at once and replaces the old one.
 */
export function TestimonialsEditor({
  testimonials,
  errors,
}: {
  testimonials: readonly EditorTestimonial[];
  errors: FieldErrors;
}) {
  const list = useEditorList<TestimonialDraft>(
    testimonials.map((t) => ({
      name: t.course_testimonial_name,
      content: t.course_testimonial_content,
      image: t.course_testimonial_image,
      imageUrl: t.course_testimonial_image_signed,
    })),
    'testimonial',
  );
  return (
    <div className="space-y-4">
      {list.items.length === 0 ? (
        <>
          <p className="rounded-xl border border-dashed border-stone-300 px-4 py-3 text-sm text-stone-600">
            No testimonials. The course page leaves the section out.
          </p>
          <input type="hidden" name="course_testimonials" value="" />
        </>
      ) : (
        <RepeatableRows
          list={list}
          name="course_testimonials"
          errors={errors}
          look={TESTIMONIAL_LOOK}
          className="space-y-3"
          describe={(item, i) => ({
            label: `testimonial ${i + 1}${item.value.name ? ` from ${item.value.name}` : ''}`,
            legend: `Testimonial ${i + 1}`,
            heading: `Testimonial ${i + 1}`,
            speech: {
              moved: (p, n) => `Moved the testimonial to ${p} of ${n}.`,
              removed: 'Testimonial removed.',
              focusAfterRemove: (n) => (n ? rowButtonId(n, 'remove') : 'add-testimonial'),
            },
          })}
        >
          {(item, at) => (
            <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_16rem]">
              <div className="space-y-3">
                <TextInput
                  {...at('course_testimonial_name')}
                  label="Who said it"
                  required
                  maxLength={120}
                  defaultValue={item.value.name}
                  onChange={(e) => {
                    const next = e.currentTarget.value;
                    list.update(item.key, (v) => ({ ...v, name: next }));
                  }}
                />
                <TextArea
                  {...at('course_testimonial_content')}
                  label="What they said"
                  required
                  rows={3}
                  maxLength={2000}
                  defaultValue={item.value.content}
                />
              </div>
              <MediaField
                {...at('course_testimonial_image')}
                label="Photo (optional)"
                defaultValue={item.value.image}
                defaultUrl={item.value.imageUrl}
              />
            </div>
          )}
        </RepeatableRows>
      )}
      <Button
        id="add-testimonial"
        variant="secondary"
        disabled={list.items.length >= COURSE_MAX_TESTIMONIALS}
        onClick={() =>
          list.add(
            { name: '', content: '', image: null, imageUrl: null },
            {
              focus: () => fieldId(`course_testimonials.${list.items.length}.course_testimonial_name`),
              said: 'Testimonial added at the end.',
            },
          )
        }
      >
        Add a testimonial
      </Button>
      <ListStatus announcement={list.announcement} errorPath="course_testimonials" error={errors.course_testimonials} />
    </div>
  );
}
