import { Outlet } from 'react-router';
import { SiteFrame } from '../components/layout/site-frame';
import { UnreadBadge } from '../features/messages/unread-badge';

/**
 * Spec §2 guest layout (/me, /me/edit, /welcome, /me/notifications): a calm, narrow column. The
 * header keeps the unread badge: it is polled wherever a signed-in user is (spec §4).
 */
export default function GuestLayout() {
  return (
    <SiteFrame variant="guest" accountExtras={<UnreadBadge />}>
      <Outlet />
    </SiteFrame>
  );
}
