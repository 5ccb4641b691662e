import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  HELPDESK_PERMISSION_ID,
  HELPDESK_SUCCESS,
  HelpdeskFormSchema,
  type HelpdeskFormInfo,
  type Thread,
} from '@fretline/contract';
import { Button, Card, Field, selectClasses } from '../../components/ui';
import { api } from '../../lib/api.client';
import { ApiError, errorMessage } from '../../lib/api-client';
import type { CaptchaHandle } from './altcha-widget';
import { CaptchaField, captchaUnavailable } from './captcha-field';

/** The consent the sender gives, stored with the message (consent_* fields, product.md#entities). */
export const HELPDESK_CONSENT = {
  method: 'helpdesk-form-checkbox',
  title: 'Contacting you about your message',
  text: 'I agree that Fretline may keep this message and my details to answer it, and contact me by e-mail about it.',
  info: 'Ticked by the sender on the helpdesk form before sending.',
} as const;

/** Shown beside the consent box when it is left unticked. */
export const HELPDESK_CONSENT_REQUIRED = 'Please tick the box to let us keep your message and reply to you.';

/** The fields checked in the page, in the order they appear (the first failing one gets focus). */
const CHECKED_FIELDS = ['first_name', 'email', 'message', 'consent'] as const;

/**
 * Checks the form in the page with the contract's own rules (the same texts the API would answer),
 * instead of the browser's bubbles: every problem is shown under its field at once (ADR 0048).
 */
function helpdeskFieldErrors(form: FormData): Partial<Record<(typeof CHECKED_FIELDS)[number], string>> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const errors: Partial<Record<(typeof CHECKED_FIELDS)[number], string>> = {};
  const parsed = HelpdeskFormSchema.safeParse({ first_name: text('first_name'), email: text('email'), message: text('message') });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0];
      if (name === 'first_name' || name === 'email' || name === 'message') errors[name] ??= issue.message;
    }
  }
  if (form.get('consent') !== 'on') errors.consent = HELPDESK_CONSENT_REQUIRED;
  return errors;
}

interface HelpdeskSender {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  telephone: string | null;
}

interface Props {
  info: HelpdeskFormInfo;
  categorySlug?: string | undefined;
  sender: HelpdeskSender;
  signedIn: boolean;
}

/**
 * The helpdesk form (product.md#entities, #states): reset after sending; a signed-in sender goes to the new thread, a
 * signed-out one sees the success text (and the private link to the conversation).
 */
export function HelpdeskForm({ info, categorySlug, sender, signedIn }: Props) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string | undefined } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [sent, setSent] = useState<Thread | null>(null);
  const [formKey, setFormKey] = useState(0);

  // The submit button goes away with the form: move focus to the confirmation so keyboard and
  // screen-reader users land on it instead of the top of the page.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const fieldError = (name: string) => fieldErrors[name] ?? (error?.field === name ? error.message : undefined);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const invalid = helpdeskFieldErrors(form);
    setFieldErrors(invalid);
    const firstInvalid = CHECKED_FIELDS.find((name) => invalid[name]);
    if (firstInvalid) {
      setError(null);
      // Focus the first field to fix; its message is tied to it by aria-describedby.
      const control = event.currentTarget.elements.namedItem(firstInvalid);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    const value = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v.trim() : '';
    };
    setBusy(true);
    setError(null);
    try {
      const { thread } = await api.call('messages.createHelpdesk', {
        body: {
          first_name: value('first_name'),
          last_name: value('last_name') || null,
          email: value('email'),
          telephone: value('telephone') || null,
          message: value('message'),
          category_slug: value('category_slug') || null,
          recaptcha_response: value('recaptcha_response') || null,
          notifications_mailers: form.get('notifications_mailers') === 'on',
          consent_method: HELPDESK_CONSENT.method,
          consent_title: HELPDESK_CONSENT.title,
          consent_text: HELPDESK_CONSENT.text,
          consent_info: HELPDESK_CONSENT.info,
          // Permissions keyed by id (product.md#entities, #validation); id 3 (contact about this message) is what the
          // required consent box grants. Form-encoded as `permissions[3]=true`.
          permissions: { [HELPDESK_PERMISSION_ID]: true },
        },
      });
      // The form is reset after a submit (product.md#states).
      formRef.current?.reset();
      captchaRef.current?.reset();
      setFormKey((k) => k + 1);
      if (signedIn) {
        await navigate(`/messages/${thread.id_thread}`);
        return;
      }
      setSent(thread);
    } catch (err) {
      captchaRef.current?.reset();
      setError({ message: errorMessage(err), field: err instanceof ApiError ? err.field : undefined });
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    const link = sent.jwt ? `/messages/${sent.id_thread}/${sent.jwt}` : `/messages/${sent.id_thread}`;
    return (
      <div ref={sentRef} tabIndex={-1} className="rounded-2xl">
        <Card className="text-center" role="status" aria-live="polite">
          <p className="text-lg font-semibold text-ink-900" data-testid="helpdesk-success">
            {HELPDESK_SUCCESS}
          </p>
          <p className="mt-3 text-stone-600">
            We will reply by e-mail. You can also{' '}
            <a href={link} className="font-semibold text-brand-700 underline underline-offset-2">
              follow this conversation
            </a>{' '}
            — keep the link private, it opens your conversation without signing in.
          </p>
          <p className="mt-3 text-stone-600" data-testid="helpdesk-link-emailed">
            We have also e-mailed you a private link, so you can come back to the conversation later. Opening it confirms your
            address.
          </p>
          <Button variant="secondary" className="mt-6" onClick={() => setSent(null)}>
            Send another message
          </Button>
        </Card>
      </div>
    );
  }

  return (
    <form key={formKey} ref={formRef} onSubmit={(e) => void submit(e)} className="space-y-5" noValidate>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="First name"
          name="first_name"
          required
          autoComplete="given-name"
          defaultValue={sender.first_name ?? ''}
          error={fieldError('first_name')}
        />
        <Field
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          defaultValue={sender.last_name ?? ''}
          error={fieldError('last_name')}
        />
        <Field
          label="E-mail"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={sender.email ?? ''}
          // Signed in, the team answers at the account's address (ADR 0029), so it is not editable here.
          readOnly={signedIn}
          // Side by side with Telephone, whose hint is one line: this one is too, so the boxes line up.
          hint={signedIn ? 'Your account’s address.' : 'We reply to this address.'}
          className={signedIn ? 'bg-stone-100! text-stone-600!' : undefined}
          error={fieldError('email')}
        />
        <Field
          label="Telephone"
          name="telephone"
          type="tel"
          autoComplete="tel"
          hint="Optional"
          defaultValue={sender.telephone ?? ''}
          error={fieldError('telephone')}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="helpdesk-topic" className="block text-sm font-semibold text-ink-900">
          Topic
        </label>
        <select id="helpdesk-topic" name="category_slug" defaultValue={categorySlug ?? ''} className={selectClasses}>
          <option value="">Choose a topic (optional)</option>
          {info.categories.map((c) => (
            <option key={c.category_slug} value={c.category_slug}>
              {c.category_name}
            </option>
          ))}
        </select>
        {fieldError('category_slug') ? <p className="text-sm font-medium text-red-700">{fieldError('category_slug')}</p> : null}
      </div>
      <Field label="Your message" name="message" multiline required rows={6} error={fieldError('message')} />

      <fieldset className="space-y-3 rounded-2xl border border-stone-200 bg-stone-50 p-4">
        <legend className="sr-only">Consent</legend>
        <label className="flex items-start gap-3 text-sm text-stone-700">
          <input
            type="checkbox"
            name="consent"
            required
            aria-invalid={fieldErrors.consent ? true : undefined}
            aria-describedby={fieldErrors.consent ? 'helpdesk-consent-error' : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
          />
          <span>
            <span className="font-semibold text-ink-900">{HELPDESK_CONSENT.title}. </span>
            {HELPDESK_CONSENT.text} See our{' '}
            <a href="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
              privacy policy
            </a>
            .
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm text-stone-700">
          <input type="checkbox" name="notifications_mailers" className="mt-0.5 size-5 shrink-0 accent-brand-600" />
          <span>Also send me occasional e-mails with new lessons and offers (optional, unsubscribe any time).</span>
        </label>
        {fieldErrors.consent ? (
          <p id="helpdesk-consent-error" className="text-sm font-medium text-red-700">
            {fieldErrors.consent}
          </p>
        ) : null}
      </fieldset>

      <CaptchaField ref={captchaRef} info={info} invalid={Boolean(fieldError('recaptcha_response'))} />

      {error ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" busy={busy} disabled={captchaUnavailable(info)} className="w-full sm:w-auto">
        Send message
      </Button>
    </form>
  );
}
