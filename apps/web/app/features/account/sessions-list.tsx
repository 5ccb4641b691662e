import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate, sessionStatusText, type Session } from '@fretline/contract';
import { Badge, Button } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';

/** A short device description from the user agent, enough to tell devices apart. */
function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}

// The long date and time (product.md#constants), as every other date on the account and subscription pages.
// The contract's formatter brings the dayjs plugin the long format's 'Do' needs.
const when = (date: Date | string) =>
  `${formatDate(date, 'long', { local: true })}, ${formatDate(date, 'time', { local: true })}`;

/**
 * Session (product.md#entities, #states): Open or Closed, IP, last access, newest first (product.md#constants); this device marked; any
 * other open session can be signed out (DELETE me/sessions/{id}).
 */
export function SessionsList({ sessions }: { sessions: Session[] }) {
  const revalidator = useRevalidator();
  const [busyId, setBusyId] = useState<number>();
  const [error, setError] = useState<string>();

  async function signOut(id: number) {
    setBusyId(id);
    setError(undefined);
    try {
      await api.call('auth.endSession', { params: { id } });
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.');
    } finally {
      setBusyId(undefined);
    }
  }

  return (
    <div className="space-y-4">
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200">
        {sessions.map((session) => {
          const status = sessionStatusText(session);
          return (
            <li key={session.id_session} data-testid="session" className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold">
                  {describeDevice(session.session_user_agent)}
                  <Badge tone={status === 'Open' ? 'success' : 'neutral'}>{status}</Badge>
                  {session.session_current ? <Badge tone="brand">This device</Badge> : null}
                </p>
                <p className="mt-1 text-sm text-stone-600">
                  IP {session.session_ip ?? 'unknown'} · Last active {when(session.session_accessed)}
                </p>
              </div>
              {status === 'Open' && !session.session_current ? (
                <Button
                  variant="secondary"
                  size="sm"
                  busy={busyId === session.id_session}
                  onClick={() => void signOut(session.id_session)}
                >
                  Sign out
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
