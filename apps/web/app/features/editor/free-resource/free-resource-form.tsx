import { UPLOAD_ACCEPT_ALL, type EditorFreeResource } from '@fretline/contract';
import { EditorForm, useEntryForm, type EntryFormProps } from '../form-kit/editor-form';
import { FormSection } from '../form-kit/fields';
import { RichTextArea } from '../form-kit/rich-text';
import { MediaField } from '../form-kit/media-upload';
import { freeResourceKind } from './free-resource-kind';

/** A free download as an editor sets it (/free-resources, product.md#pages), saved whole (ADR 0037). */
export function FreeResourceForm(props: EntryFormProps<EditorFreeResource>) {
  const { saved: resource } = props;
  const { errors, field } = useEntryForm(props);
  return (
    <EditorForm
      kind={freeResourceKind}
      {...props}
      // A draft saves itself; a published entry only on purpose (ADR 0061).
      autosave
      basics={
        <>
          <RichTextArea
            {...field('resource_description')}
            label="Description"
            hint="A sentence or two under the title on /free-resources; bold, lists and links from the toolbar."
          />
        </>
      }
    >
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
            savedIn={resource}
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
    </EditorForm>
  );
}
