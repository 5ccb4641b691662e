import { LOGIN_ERRORS } from '@fretline/contract';
import { Button } from '../../components/ui';
import { ApiError } from '../../lib/api-client';

/**
 * What an e-mailed sign-in link says when its code is refused. The code came from the e-mail, not
 * the keyboard, so one that matches nothing sent to the address means the address is what to
 * check: product.md#errors' "Login failed" text. The answer is the same for every address, so it
 * tells no one whether an account exists (ADR 0010).
 */
export function linkLoginErrorText(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Something is not quite right, please try again or contact support.';
  return err.body?.errors[0]?.code === 'PASSCODE_WRONG' ? LOGIN_ERRORS.failed : err.message;
}

/**
 * Every login error is shown with the option to restart login (which clears the state
 * and goes back to /login; product.md#errors).
 */
export function LoginError({ message, onRestart }: { message: string; onRestart: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-medium">{message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRestart}>
        Restart login
      </Button>
    </div>
  );
}
