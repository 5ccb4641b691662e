import { Outlet } from 'react-router';

export default function GuestLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
