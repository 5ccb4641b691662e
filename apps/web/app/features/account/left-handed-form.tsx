import { useState } from 'react';
import type { Me } from '@fretline/contract';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';

/**
 * The account's left-handed setting (product.md#chords): every chord diagram is drawn for a
 * left-handed player, low E on the right. Saved as soon as it is ticked (PATCH me).
 */
export function LeftHandedForm({ user }: { user: Me }) {
  const [on, setOn] = useState(user.left_handed);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string }>();

  const change = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    setMessage(undefined);
    try {
      const data = await api.call('auth.updateProfile', { body: { left_handed: next ? 'true' : 'false' } });
      setOn(data.user.left_handed);
      setMessage({
        tone: 'ok',
        text: next ? 'Chord diagrams will be drawn left-handed.' : 'Chord diagrams will be drawn right-handed.',
      });
    } catch (err) {
      setOn(!next);
      setMessage({
        tone: 'error',
        text: err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-8 border-t border-stone-200 pt-6">
      <h2 className="mb-3 text-lg font-bold text-ink-900">Playing</h2>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="left_handed"
          checked={on}
          disabled={busy}
          onChange={(e) => void change(e.target.checked)}
          className="mt-1 size-5 shrink-0 accent-brand-600"
        />
        <span>
          <span className="block font-semibold">I play left-handed</span>
          <span className="block text-sm text-stone-600">
            Chord diagrams are drawn mirrored, low E on the right. The practice player’s Mirror button flips the video too.
          </span>
        </span>
      </label>
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`mt-2 text-sm font-medium ${message.tone === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
