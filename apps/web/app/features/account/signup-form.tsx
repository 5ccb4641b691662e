import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SignupBodySchema } from '@fretline/contract';
import { Button, Field } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { writeLoginState } from './login-state';

type FieldName = 'first_name' | 'last_name' | 'email';

/**
 * /signup (product.md#pages): first name, last name, e-mail, marketing consent. POST me creates the account
 * and e-mails a code; the code page follows, then /welcome.
 */
export function SignupForm({ initialEmail = '' }: { initialEmail?: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState({ first_name: '', last_name: '', email: initialEmail });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (name: FieldName) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = SignupBodySchema.safeParse({ ...values, notifications_mailers: consent });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFormError(undefined);
    setBusy(true);
    try {
      await api.call('auth.signup', { body: { ...parsed.data, notifications_mailers: consent ? 'true' : 'false' } });
      writeLoginState({ email: parsed.data.email, emailed: true, remember: true, signup: true });
      await navigate('/login-code');
    } catch (err) {
      if (err instanceof ApiError && err.field && ['first_name', 'last_name', 'email'].includes(err.field)) {
        setErrors({ [err.field]: err.message });
      } else {
        setFormError(
          err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.',
        );
      }
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="First name"
          name="first_name"
          autoComplete="given-name"
          required
          autoFocus
          value={values.first_name}
          onChange={set('first_name')}
          error={errors.first_name}
        />
        <Field
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          required
          value={values.last_name}
          onChange={set('last_name')}
          error={errors.last_name}
        />
      </div>
      <Field
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <label className="flex items-start gap-3 text-sm text-stone-700">
        <input
          type="checkbox"
          name="notifications_mailers"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          className="mt-0.5 size-5 shrink-0 rounded border-stone-300 accent-brand-600"
        />
        <span>Send me news, new lessons and offers by email. You can unsubscribe at any time.</span>
      </label>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formError}
        </p>
      ) : null}
      <Button type="submit" busy={busy} className="w-full">
        Create my account
      </Button>
    </form>
  );
}
