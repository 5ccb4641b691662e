import { useState } from 'react';
import { EmailSchema } from '@fretline/contract';
import { Button, Field } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { writeLoginState } from './login-state';

export interface EmailFormProps {
  initialEmail?: string;
  /** Send a code (POST me/passcodes) or only record the address (the link already carries the code). */
  sendCode: boolean;
  submitLabel: string;
  onDone: (email: string) => void | Promise<void>;
}

/**
 * E-mail entry (product.md#states, #validation): the address is required before a code is sent; 'remember the e-mail' is
 * on by default. The answer is the same whether or not the address has an account (ADR 0010).
 */
export function EmailForm({ initialEmail = '', sendCode, submitLabel, onDone }: EmailFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      if (sendCode) await api.call('auth.requestPasscode', { body: { email: parsed.data } });
      writeLoginState({ email: parsed.data, emailed: sendCode, remember, signup: false });
      await onDone(parsed.data);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
      <Field
        label="Email address"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <label className="flex items-center gap-3 text-sm text-stone-700">
        <input
          type="checkbox"
          name="remember"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
          className="size-5 rounded border-stone-300 accent-brand-600"
        />
        Remember my email address on this device
      </label>
      <Button type="submit" busy={busy} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
