import { TitleSlugFields } from '../form-kit/title-slug-fields';
import { Form } from 'react-router';
import { UPLOAD_ACCEPT_ALL, UPLOAD_ACCEPT_IMAGES, type EditorFreeResource } from '@fretline/contract';
import { FormMessages, SaveBar } from '../form-kit/form-parts';
import { FormSection, MediaField, TextArea, type EditorFormResult, type FieldErrors } from '../form-kit/fields';

/** A free download as an editor sets it (spec §2 /free-resources), saved whole (ADR 0037). */
export function ResourceForm({
  resource,
  result,
  notice,
}: {
  resource: EditorFreeResource | null;
  result: EditorFormResult | undefined;
  notice?: string | null;
}) {
  const errors: FieldErrors = result?.errors ?? {};
  return (
    <Form method="post" noValidate className="space-y-6" aria-describedby="form-required-note">
      <FormMessages result={result} notice={notice} noun="free resource" />
      <p id="form-required-note" className="text-sm text-stone-600">
        Fields marked <span className="text-brand-700">*</span> are needed to save.
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start">
        <div className="min-w-0 space-y-6">
          <FormSection id="group-basics" title="Basics">
            <TitleSlugFields
              prefix="resource"
              saved={resource ? { title: resource.resource_title, slug: resource.resource_slug } : undefined}
              publicPath={null}
              hintWithoutPage="Names the resource in links and reports. Lowercase letters, numbers and hyphens."
              errors={errors}
            />
            <TextArea
              name="resource_description"
              label="Description"
              hint="A sentence or two under the title on /free-resources."
              errors={errors}
              rows={3}
              maxLength={5000}
              defaultValue={resource?.resource_description ?? ''}
            />
          </FormSection>
          <FormSection id="group-files" title="Files">
            <div className="grid gap-4 md:grid-cols-2">
              <MediaField
                name="resource_path"
                label="File to download"
                accept={UPLOAD_ACCEPT_ALL}
                defaultValue={resource?.resource_path}
                defaultUrl={resource?.resource_url_signed}
                hint="Needed to save. A PDF, Guitar Pro file, audio or ZIP; its type (PDF, ZIP…) is shown from the file."
                errors={errors}
              />
              <MediaField
                name="resource_image"
                label="Cover image"
                accept={UPLOAD_ACCEPT_IMAGES}
                defaultValue={resource?.resource_image}
                defaultUrl={resource?.resource_image_signed}
                hint="Optional; shown beside the title."
                errors={errors}
              />
            </div>
            {resource?.resource_url_signed ? (
              <p className="text-sm">
                <a href={resource.resource_url_signed} className="font-semibold text-brand-700 hover:underline" download>
                  Download the saved file ({resource.resource_extension.toUpperCase()})
                </a>
              </p>
            ) : null}
          </FormSection>
        </div>
        <SaveBar
          isNew={resource === null}
          published={resource?.resource_published ?? false}
          previewHref={resource?.resource_published ? '/free-resources' : null}
          noun="free resource"
          publicWhere="on /free-resources"
        />
      </div>
    </Form>
  );
}
