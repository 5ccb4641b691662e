import { UPLOAD_ACCEPT_IMAGES, COURSE_MAX_TESTIMONIALS, type EditorTestimonial } from '@fretline/contract';
import { Button } from '../../../components/ui';
import { ErrorText, fieldErrorId, MediaField, TextArea, TextInput, fieldId, type FieldErrors } from '../form-kit/fields';
import { rowButtonId, useEditorList } from '../form-kit/editor-list';
import { RowTools } from '../form-kit/row-tools';

interface TestimonialDraft {
  name: string;
  content: string;
  image: string | null;
  imageUrl: string | null;
}

/**
 * Spec §3 course_testimonials (name, content, image), in the order the course page shows them.
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
        <ol className="space-y-3">
          {list.items.map((item, i) => {
            const at = (field: string) => `course_testimonials.${i}.${field}`;
            const name = (field: string) => `course_testimonials[${i}][${field}]`;
            const label = `testimonial ${i + 1}${item.value.name ? ` from ${item.value.name}` : ''}`;
            return (
              <li key={item.key} className="rounded-xl border border-stone-200 bg-stone-50/60 p-3 sm:p-4">
                <fieldset className="space-y-3">
                  <legend className="sr-only">Testimonial {i + 1}</legend>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p aria-hidden="true" className="font-semibold text-ink-900">
                      Testimonial {i + 1}
                    </p>
                    <RowTools
                      inline
                      itemKey={item.key}
                      index={i}
                      count={list.items.length}
                      label={label}
                      onMove={(delta) => list.move(item.key, delta, (p, n) => `Moved the testimonial to ${p} of ${n}.`)}
                      onRemove={() =>
                        list.remove(item.key, {
                          focus: (n) => (n ? rowButtonId(n, 'remove') : 'add-testimonial'),
                          said: 'Testimonial removed.',
                        })
                      }
                    />
                  </div>
                  <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_16rem]">
                    <div className="space-y-3">
                      <TextInput
                        name={name('course_testimonial_name')}
                        path={at('course_testimonial_name')}
                        label="Who said it"
                        errors={errors}
                        required
                        maxLength={120}
                        defaultValue={item.value.name}
                        onChange={(e) => {
                          const next = e.currentTarget.value;
                          list.update(item.key, (v) => ({ ...v, name: next }));
                        }}
                      />
                      <TextArea
                        name={name('course_testimonial_content')}
                        path={at('course_testimonial_content')}
                        label="What they said"
                        errors={errors}
                        required
                        rows={3}
                        maxLength={2000}
                        defaultValue={item.value.content}
                      />
                    </div>
                    <MediaField
                      name={name('course_testimonial_image')}
                      path={at('course_testimonial_image')}
                      label="Photo (optional)"
                      accept={UPLOAD_ACCEPT_IMAGES}
                      defaultValue={item.value.image}
                      defaultUrl={item.value.imageUrl}
                      errors={errors}
                    />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <Button
        id="add-testimonial"
        variant="secondary"
        disabled={list.items.length >= COURSE_MAX_TESTIMONIALS}
        onClick={() => {
          const key = list.newKey();
          list.add(
            { key, value: { name: '', content: '', image: null, imageUrl: null } },
            {
              said: 'Testimonial added at the end.',
              focus: fieldId(`course_testimonials.${list.items.length}.course_testimonial_name`),
            },
          );
        }}
      >
        Add a testimonial
      </Button>
      <ErrorText id={fieldErrorId('course_testimonials')} message={errors.course_testimonials} />
      <p role="status" aria-live="polite" className="sr-only">
        {list.announcement}
      </p>
    </div>
  );
}
