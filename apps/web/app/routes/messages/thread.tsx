import { redirect } from 'react-router';
import { MESSAGE_PAGE_SIZE, threadProfileLetter, threadTitle } from '@fretline/contract';
import { Card, LinkButton } from '../../components/ui';
import { redirectToLogin } from '../../features/account/require-user.server';
import { Conversation } from '../../features/messages/conversation';
import { SenderAddressNotice } from '../../features/messages/sender-address-notice';
import { getThread, listThreadMessages, threadKey, type ThreadAccess } from '../../features/messages/thread-access';
import { ProfileLetter } from '../../features/messages/thread-list';
import { THREAD_UNAVAILABLE_REASON } from '../../features/messages/thread-unavailable-notice';
import { ApiError } from '../../lib/api-client';
import { fetchCurrentUser, getServerApi } from '../../lib/api.server';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/thread';

export async function loader({ request, params }: Route.LoaderArgs) {
  const api = getServerApi(request);
  const token = params.token;
  const threadPath = `/messages/${encodeURIComponent(params.idThread)}`;
  const access: Exclude<ThreadAccess, { by: 'staff' }> = token
    ? { by: 'token', id: params.idThread, token }
    : { by: 'participant', id: params.idThread };
  try {
    const [{ thread }, page] = await Promise.all([
      getThread(api, access),
      listThreadMessages(api, access, { limit: MESSAGE_PAGE_SIZE, offset: 0 }),
    ]);
    // A token holder's own messages are the sender's: the thread's first message is always theirs.
    let senderEmail: string | null = null;
    if (token) {
      const oldest =
        page.messages.length >= page.total
          ? page.messages.at(-1)
          : (await listThreadMessages(api, access, { limit: 1, offset: page.total - 1 })).messages[0];
      senderEmail = oldest?.email ?? null;
    }
    return { thread, page, access, senderEmail };
  } catch (err) {
    if (!(err instanceof ApiError) || !err.status || err.status >= 500) throw err;
    if (token) {
      // A wrong, tampered or revoked link is a failed thread load (product.md#roles, #errors), so /login; signing
      // in comes back to the thread without the token, where its participant reads it. Someone
      // signed in goes there at once (ADR 0025).
      const me = await fetchCurrentUser(request).catch(() => undefined);
      throw me?.user.id_user ? redirect(threadPath) : redirectToLogin(request, threadPath);
    }
    if (err.status === 401) throw redirectToLogin(request);
    // Signed in: another account's thread (or none) is a failed thread load too, so /login
    // (product.md#roles, #errors), which says why and offers switching account; the thread stays the
    // return route so signing in with its owner comes back here.
    if (err.status === 403 || err.status === 404) throw redirectToLogin(request, threadPath, THREAD_UNAVAILABLE_REASON);
    // Any other failed thread load goes to /login (product.md#errors).
    throw redirect('/login');
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  seoMeta({
    title: loaderData?.thread ? threadTitle(loaderData.thread) : 'Conversation',
    description: 'A conversation with the Fretline team.',
    path: `/messages/${params.idThread}`,
    matches,
    noIndex: true,
  });

export default function ThreadPage({ loaderData }: Route.ComponentProps) {
  const { user } = useRootData();
  const { thread, page, access, senderEmail } = loaderData;
  const me = (user.email ?? senderEmail ?? '').toLowerCase();
  return (
    <Card className="flex h-full min-h-[70vh] flex-1 flex-col lg:min-h-0" padded={false}>
      <header className="flex items-center gap-3 border-b border-stone-200 px-4 py-3 sm:px-6">
        {user.id_user !== null ? (
          <LinkButton to="/messages" variant="ghost" size="sm" className="-ml-2 lg:hidden" aria-label="Back to messages">
            ←
          </LinkButton>
        ) : null}
        <ProfileLetter letter={threadProfileLetter(thread)} />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold text-ink-900" data-testid="thread-title">
            {threadTitle(thread)}
          </h2>
          <p className="text-sm text-stone-500">{thread.private_thread ? 'You and the Fretline team' : 'Group conversation'}</p>
        </div>
      </header>
      {access.by === 'token' ? (
        <SenderAddressNotice
          idThread={access.id}
          token={access.token}
          verified={thread.sender_verified !== false}
          email={senderEmail}
        />
      ) : null}
      <div className="flex min-h-0 flex-1 flex-col px-4 pb-4 sm:px-6">
        <Conversation
          key={threadKey(access)}
          access={access}
          initial={page}
          isOwn={(m) => !!me && (m.email ?? '').toLowerCase() === me}
        />
      </div>
    </Card>
  );
}
