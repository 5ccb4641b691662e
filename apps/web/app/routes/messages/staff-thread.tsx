import { data, useOutletContext } from 'react-router';
import { MESSAGE_PAGE_SIZE } from '@fretline/contract';
import { StaffThreadPanel } from '../../features/messages/staff-inbox';
import { listThreadMessages } from '../../features/messages/thread-access';
import { ApiError } from '../../lib/api-client';
import { getServerApi } from '../../lib/api.server';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/staff-thread';

export async function loader({ request, params }: Route.LoaderArgs) {
  const api = getServerApi(request);
  const access = { by: 'staff', id: params.idThread } as const;
  try {
    const [{ thread }, messages, { staff }] = await Promise.all([
      api.call('messages.staffGetThread', { params: { id: params.idThread } }),
      listThreadMessages(api, access, { limit: MESSAGE_PAGE_SIZE, offset: 0 }),
      api.call('messages.staffListMembers'),
    ]);
    return { thread, messages, staff };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403 || err.status === 400))
      throw data(null, { status: 404 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: 'Helpdesk thread',
    description: 'Staff inbox.',
    path: `/staff/inbox/${params.idThread}`,
    matches,
    noIndex: true,
  });

export default function StaffThreadPage({ loaderData }: Route.ComponentProps) {
  const { refreshList } = useOutletContext<{ refreshList: () => void }>();
  const { user } = useRootData();
  return (
    <StaffThreadPanel
      key={loaderData.thread.id_thread}
      thread={loaderData.thread}
      messages={loaderData.messages}
      staff={loaderData.staff}
      onChanged={refreshList}
      idUserSelf={user.id_user}
    />
  );
}
