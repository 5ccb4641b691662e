import { Outlet } from 'react-router';
import { SiteFrame } from '../components/layout/site-frame';

/** Spec §2 guest layout (/me, /me/edit, /welcome, /me/notifications): a calm, narrow column. */
export default function GuestLayout() {
  return (
    <SiteFrame variant="guest" accountExtras={null}>
      <Outlet />
    </SiteFrame>
  );
}
