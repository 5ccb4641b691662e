import { Outlet } from 'react-router';
import { SiteFrame } from '../components/layout/site-frame';
import { UnreadBadge } from '../features/messages/unread-badge';

/**
 * Guest layout (/me, /me/edit, /welcome, /me/notifications; product.md#pages): a calm, narrow column. The
 * header keeps the unread badge: it is polled wherever a signed-in user is (product.md#states).
 */
export default function GuestLayout() {
  return (
    <SiteFrame variant="guest" accountExtras={<UnreadBadge />}>
      <Outlet />
    </SiteFrame>
  );
}
