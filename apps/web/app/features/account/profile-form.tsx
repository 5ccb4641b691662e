import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ProfileBodySchema, type Me } from '@fretline/contract';
import { Button, Field } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { digitsOf } from './passcode-form';

type FieldName = 'first_name' | 'last_name' | 'email' | 'telephone' | 'passcode';

/**
 * /me/edit (product.md#pages): first and last name, e-mail, telephone. A new e-mail changes only after the
 * code sent to it is entered (ADR 0012).
 */
export function ProfileForm({ user }: { user: Me }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState({
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    telephone: user.telephone ?? '',
  });
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (name: Exclude<FieldName, 'passcode'>) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  async function send(body: Record<string, string>) {
    const parsed = ProfileBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setErrors(next);
      // The new errors replace the earlier confirmation (ADR 0048); a pending code's prompt stays.
      if (!pendingEmail) setSaved(undefined);
      setFormError(undefined);
      return;
    }
    setErrors({});
    setFormError(undefined);
    setSaved(undefined);
    setBusy(true);
    try {
      const data = await api.call('auth.updateProfile', { body });
      setPendingEmail(data.pending_email);
      if (data.pending_email) {
        setSaved(`We've sent a 6-digit code to ${data.pending_email}. Enter it below to confirm your new email address.`);
      } else {
        setSaved('Your details have been saved.');
        setCode('');
        setValues((v) => ({ ...v, email: data.user.email ?? v.email }));
      }
      await revalidator.revalidate();
    } catch (err) {
      if (err instanceof ApiError && err.field && err.field in values) setErrors({ [err.field]: err.message });
      else if (err instanceof ApiError && pendingEmail) setErrors({ passcode: err.message });
      else
        setFormError(
          err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.',
        );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send({ ...values });
        }}
        className="space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
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
          required
          hint="If you change it, we'll email a code to the new address to confirm it."
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label="Telephone"
          name="telephone"
          type="tel"
          autoComplete="tel"
          value={values.telephone}
          onChange={set('telephone')}
          error={errors.telephone}
        />
        {formError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {formError}
          </p>
        ) : null}
        {saved && !pendingEmail ? (
          <p role="status" className="text-sm font-medium text-emerald-800">
            {saved}
          </p>
        ) : null}
        <Button type="submit" busy={busy && !pendingEmail}>
          Save changes
        </Button>
      </form>

      {pendingEmail ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send({ email: pendingEmail, passcode: code });
          }}
          className="space-y-4 rounded-xl border border-brand-200 bg-brand-50 p-4"
        >
          <p role="status" className="text-sm text-ink-900">
            {saved}
          </p>
          <Field
            label="Confirmation code"
            name="passcode"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => setCode(digitsOf(e.target.value))}
            error={errors.passcode}
            className="font-mono text-2xl tracking-[0.3em]"
          />
          <Button type="submit" busy={busy}>
            Confirm new email
          </Button>
        </form>
      ) : null}
    </div>
  );
}
