import { Button } from '../../components/ui';

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
