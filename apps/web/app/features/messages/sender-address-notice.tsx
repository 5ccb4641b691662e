import { useEffect, useState } from 'react';
import { api } from '../../lib/api.client';

interface Props {
  /** The thread and the e-mailed link's token it was opened with. */
  idThread: string | number;
  token: string;
  verified: boolean;
  /** The address the sender typed, shown so they know where to look. */
  email: string | null;
}

/**
 * ADR 0045: a signed-out sender's address is proven by following the link e-mailed to it. Once
 * the page has loaded in a browser it asks the API to verify (a mail scanner's bare GET never
 * does, ADR 0010); with the e-mailed link that proves the address, with the form's link it
 * changes nothing and the page says where the proof is.
 */
export function SenderAddressNotice({ idThread, token, verified, email }: Props) {
  const [state, setState] = useState<'unverified' | 'verified' | 'just-verified'>(verified ? 'verified' : 'unverified');

  useEffect(() => {
    if (verified) return;
    let live = true;
    api
      .call('messages.verifySender', { params: { id: idThread, token } })
      .then(({ thread }) => {
        if (live && thread.sender_verified) setState('just-verified');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [idThread, token, verified]);

  if (state === 'verified') return null;
  if (state === 'just-verified') {
    return (
      <p
        role="status"
        data-testid="sender-verified"
        className="border-b border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 sm:px-6"
      >
        Your e-mail address is confirmed. If you have a Fretline account with it, this conversation is in your messages too.
      </p>
    );
  }
  return (
    <p
      role="status"
      data-testid="sender-unverified"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6"
    >
      <span className="font-semibold">Address not confirmed yet.</span> We sent a private link to this conversation to{' '}
      {email ? <strong className="font-semibold wrap-anywhere">{email}</strong> : 'your e-mail address'}: open it to confirm the
      address and keep the conversation.
    </p>
  );
}
