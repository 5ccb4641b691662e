import { useEffect, useRef, useState } from 'react';
import { PASSCODE_LENGTH, PASSCODE_RESEND_COOLDOWN_MS } from '@fretline/contract';
import { Button, Field } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { LoginError } from './login-error';
import { redeemPasscode, useRestartLogin } from './sign-in';

/** Keeps the digits of whatever was typed or pasted ("123 456", "Code: 123456"). */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '').slice(0, PASSCODE_LENGTH);
}

/**
 * /login-code (product.md#pages): six digits (a pasted code works, spaces and all), validated as soon as the
 * sixth digit is in; "send a new code" after a one-minute cool-down (the API's limit, ADR 0010).
 */
export function PasscodeForm({ email, returnTo }: { email: string; returnTo: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [cooldown, setCooldown] = useState(Math.ceil(PASSCODE_RESEND_COOLDOWN_MS / 1000));
  const [resending, setResending] = useState(false);
  const restart = useRestartLogin();
  const lastTried = useRef('');

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  async function validate(value: string) {
    if (value.length !== PASSCODE_LENGTH) {
      setFieldError(`Please enter the ${PASSCODE_LENGTH}-digit code from the email.`);
      return;
    }
    lastTried.current = value;
    setFieldError(undefined);
    setError(undefined);
    setBusy(true);
    try {
      await redeemPasscode(email, value, returnTo);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.');
      setBusy(false);
    }
  }

  function onChange(value: string) {
    const digits = digitsOf(value);
    setCode(digits);
    if (digits.length === PASSCODE_LENGTH && digits !== lastTried.current && !busy) void validate(digits);
  }

  async function resend() {
    setResending(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await api.call('auth.requestPasscode', { body: { email } });
      setNotice(`We've sent a new code to ${email}. Earlier codes no longer work.`);
      setCode('');
      lastTried.current = '';
      setCooldown(Math.ceil(PASSCODE_RESEND_COOLDOWN_MS / 1000));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.');
    } finally {
      setResending(false);
    }
  }

  return (
    <div className="space-y-5">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void validate(code);
        }}
        className="space-y-5"
      >
        <Field
          label="Your 6-digit code"
          name="passcode"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          autoFocus
          required
          value={code}
          onChange={(e) => onChange(e.target.value)}
          error={fieldError}
          className="text-center font-mono text-3xl tracking-[0.4em]"
        />
        <Button type="submit" busy={busy} className="w-full">
          Sign in
        </Button>
      </form>
      {error ? <LoginError message={error} onRestart={restart} /> : null}
      {notice ? (
        <p role="status" className="text-sm text-emerald-800">
          {notice}
        </p>
      ) : null}
      <div className="border-t border-stone-100 pt-4 text-sm">
        {/* -mx-4 cancels the ghost buttons' own padding, so their labels line up with the form. */}
        <div className="-mx-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <Button variant="ghost" size="sm" onClick={() => void resend()} disabled={cooldown > 0} busy={resending}>
            {cooldown > 0 ? `Send a new code in ${cooldown}s` : 'Send a new code'}
          </Button>
          <Button variant="ghost" size="sm" onClick={restart}>
            Use a different email
          </Button>
        </div>
      </div>
    </div>
  );
}
