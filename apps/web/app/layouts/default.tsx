import { Outlet } from 'react-router';
import { SiteFrame } from '../components/layout/site-frame';
import { UnreadBadge } from '../features/messages/unread-badge';

/** Default layout (product.md#pages): header, page, footer. */
export default function DefaultLayout() {
  // accountExtras: the header's signed-in slot, filled by the messages area (unread badge).
  return (
    <SiteFrame accountExtras={<UnreadBadge />}>
      <Outlet />
    </SiteFrame>
  );
}
