import { z } from 'zod';
import { HELPDESK_PERMISSION_ID } from '../constants.ts';
import { FormBooleanSchema } from './fields.ts';

/** Helpdesk permission id 3 (contact by e-mail about the request) defaults to true (product.md#entities, #validation). */
export const HELPDESK_DEFAULT_PERMISSIONS: Readonly<Record<string, boolean>> = Object.freeze({
  [String(HELPDESK_PERMISSION_ID)]: true,
});

const optionalText = z.string().trim().nullable().optional();

/**
 * Form-encoded `permissions[3]=true` reaches the API as a list whose index is the permission id
 * (qs reads a small numeric bracket key as an index; the body parser keeps the holes, see
 * apps/api/src/plugins/request-body.ts). Turn such a list back into the id-keyed record; holes
 * and nulls are ids that were not sent.
 */
function permissionsFromList(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, granted]) => granted !== undefined && granted !== null));
}

/**
 * Helpdesk form (product.md#entities), as posted to POST messages/helpdesks (form-encoded, product.md#calls).
 * `permissions` is keyed by permission id (`permissions[3]=true` in bracket form); the defaults
 * are merged underneath whatever was sent, so a form that omits id 3 still grants it.
 * Bounds are ours (product.md#validation): a name, a valid e-mail and a message are required.
 */
export const HelpdeskFormSchema = z.object({
  first_name: z.string().trim().min(1, 'Please enter your first name.'),
  last_name: optionalText,
  email: z.string().trim().pipe(z.email('Please enter a valid email address.')),
  telephone: optionalText,
  message: z.string().trim().min(1, 'Please enter a message.'),
  recaptcha_response: optionalText,
  notifications_mailers: FormBooleanSchema.optional().default(false),
  consent_method: optionalText,
  consent_title: optionalText,
  consent_text: optionalText,
  consent_info: optionalText,
  permissions: z
    .preprocess(permissionsFromList, z.record(z.string().regex(/^\d+$/), FormBooleanSchema).optional())
    .transform((given) => ({ ...HELPDESK_DEFAULT_PERMISSIONS, ...given })),
});
export type HelpdeskForm = z.infer<typeof HelpdeskFormSchema>;
export type HelpdeskFormInput = z.input<typeof HelpdeskFormSchema>;
