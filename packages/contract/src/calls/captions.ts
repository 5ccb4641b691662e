import { z } from 'zod';
import { DateSchema, IdInputSchema } from '../entities/fields.ts';
import { CAPTION_LABEL_MAX, CAPTION_MAX_BYTES, canonicalLanguage } from '../derived/captions.ts';
import { envelope } from '../wire/envelope.ts';

/*
 * The captions calls (docs/product.md#captions, ADR 0085): an editor puts or deletes a lesson's
 * WebVTT file per language; the learner's player gets the list with the video and the files from
 * the same-origin `.vtt` address.
 */

export const LANGUAGE_TEXT = 'Use a language code such as en, es or pt-BR.';

/** A BCP 47 tag, answered in its canonical case. */
export const CaptionLanguageSchema = z
  .string()
  .trim()
  .max(35)
  .transform((tag, ctx) => {
    const canonical = canonicalLanguage(tag);
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: LANGUAGE_TEXT });
      return z.NEVER;
    }
    return canonical;
  });

export const CaptionParamsSchema = z.object({ idVideo: IdInputSchema, language: CaptionLanguageSchema });

export const CaptionBodySchema = z.object({
  caption_label: z
    .string()
    .trim()
    .min(1, 'Give the captions a name learners choose them by, such as English.')
    .max(CAPTION_LABEL_MAX, `Keep the name to ${CAPTION_LABEL_MAX} characters.`),
  // The whole file as text; its WebVTT is checked by the API's parser (the line that is wrong is named).
  caption_vtt: z
    .string()
    .min(1, 'Upload or write a WebVTT file.')
    .max(CAPTION_MAX_BYTES, 'This caption file is too long (512 KB at most).'),
});
export type CaptionBody = z.input<typeof CaptionBodySchema>;

/** A lesson's captions in one language, as the editor sees them: the stored (normal-form) file. */
export const EditorCaptionSchema = z.object({
  caption_language: z.string(),
  caption_label: z.string(),
  caption_vtt: z.string(),
  caption_cue_count: z.number().int().min(0),
  caption_updated: DateSchema,
});
export type EditorCaption = z.infer<typeof EditorCaptionSchema>;
export const EditorCaptionResponseSchema = envelope('caption', EditorCaptionSchema);
export const EditorCaptionListResponseSchema = envelope('captions', z.array(EditorCaptionSchema));
