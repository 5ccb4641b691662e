import { useEffect, useRef } from 'react';
import { data, Link, NavLink, Outlet, redirect, useLocation, type LoaderFunctionArgs } from 'react-router';
import { staffNavFor, canOpenStaffConsole } from '../components/layout/staff-nav';
import { firstName, hasRoleGroup } from '@fretline/contract';
import { InboxNavCounts } from '../features/messages/inbox-nav-counts';
import { LogoMark } from '../components/layout/logo';
import { cx } from '../components/ui/cx';
import { fetchCurrentUser } from '../lib/api.server';
import { profileLetter, useRootData } from '../lib/root-data';

/**
 * Guard first (CONVENTIONS.md): signed-out visitors go to /login, signed-in users outside the
 * staff groups get the 404 page (the console's existence is not advertised). The API checks
 * every staff action again (product.md#roles).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await fetchCurrentUser(request);
  if (user.id_user === null) throw redirect('/login');
  if (!canOpenStaffConsole(user.roles)) throw data(null, { status: 404 });
  return null;
}

export default function StaffLayout() {
  const { user } = useRootData();
  const items = staffNavFor(user.roles);
  const navList = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections are one row that scrolls sideways: bring the current one into view
  // (scrolling the row only, never the page), so "Audit log" is not hidden off the right edge.
  useEffect(() => {
    const list = navList.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col bg-stone-50 md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="border-b border-white/10 bg-ink-900 text-stone-300 md:sticky md:top-0 md:h-screen md:flex md:w-60 md:shrink-0 md:flex-col md:border-r md:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-4 md:flex-col md:items-start md:px-5 md:py-6">
          <Link to="/staff" className="flex items-center gap-2 font-extrabold text-white">
            <LogoMark className="size-7" />
            <span>
              Fretline <span className="font-medium text-stone-400">staff</span>
            </span>
          </Link>
          <Link to="/" className="text-sm text-stone-400 hover:text-white">
            Back to the site
          </Link>
        </div>
        <nav aria-label="Staff" className="px-2 pb-3 md:px-3">
          <ul
            ref={navList}
            className="relative flex gap-1 overflow-x-auto pr-10 [mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)] md:flex-col md:overflow-visible md:pr-0 md:[mask-image:none]"
          >
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cx(
                      'block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap',
                      isActive ? 'bg-white/10 text-white' : 'hover:bg-white/5 hover:text-white',
                    )
                  }
                >
                  {item.label}
                  {item.to === '/staff/inbox' && hasRoleGroup(user.roles, 'Staff') ? <InboxNavCounts /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="hidden items-center gap-2 px-5 pb-6 text-sm md:mt-auto md:flex">
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
          >
            {profileLetter(user)}
          </span>
          <span className="truncate">{firstName(user) ?? user.email}</span>
        </p>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 outline-none sm:px-8">
        <Outlet />
      </main>
    </div>
  );
}
