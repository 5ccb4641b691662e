import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { isSignedIn, type RootUser } from '../../lib/root-data';
import { buttonClasses } from '../ui/button';
import { Container } from '../ui/container';
import { cx } from '../ui/cx';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';
import { MAIN_NAV, PHONE_SHORTCUT, type NavItem } from './nav-items';

export interface SiteHeaderProps {
  user: RootUser;
  /**
   * Slot beside the account menu for signed-in extras (the messages area puts the unread badge
   * here, from layouts/default.tsx). Rendered only when signed in.
   */
  accountExtras?: React.ReactNode;
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-full px-3 py-2 text-[15px] font-medium transition-colors hover:bg-stone-100 hover:text-ink-900',
    isActive ? 'text-brand-700' : 'text-ink-700',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    'block rounded-xl px-4 py-3 text-lg font-semibold hover:bg-stone-100',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-900',
  );

function NavEntry({ item, mobile }: { item: NavItem; mobile: boolean }) {
  const className = mobile ? mobileLink : desktopLink;
  // The shop lives on another host: /shop is answered by a server redirect (product.md#pages), so a
  // full page load, not a client-side route.
  if (item.external) {
    return (
      <a href={item.to} className={className({ isActive: false })}>
        {item.label}
      </a>
    );
  }
  return (
    <NavLink to={item.to} className={className}>
      {item.label}
    </NavLink>
  );
}

export function SiteHeader({ user, accountExtras }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const signedIn = isSignedIn(user);

  // Close the mobile menu after navigating.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <Container width="wide" className="flex h-16 items-center gap-3">
        <Link to="/" className="flex min-h-10 items-center rounded-lg" aria-label="Fretline home">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-4 hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavEntry item={item} mobile={false} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-0.5 min-[360px]:gap-1 min-[400px]:gap-2">
          {/* Below lg the sections are in the menu; practice stays one tap away (docs/product.md#practice-log). */}
          <NavLink
            to={PHONE_SHORTCUT.to}
            className={({ isActive }) =>
              cx(
                // On the narrowest phones the label sits under an icon, so the signed-in header still fits 360 px.
                'inline-flex min-h-11 flex-col items-center justify-center rounded-full px-0.5 text-[11px] min-[360px]:px-1 leading-tight font-semibold hover:bg-stone-100 min-[400px]:flex-row min-[400px]:px-2.5 min-[400px]:text-sm lg:hidden',
                isActive ? 'text-brand-700' : 'text-ink-900',
              )
            }
          >
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="size-5 min-[400px]:hidden"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            >
              <path d="M9 3h6l4 18H5L9 3Z" />
              <path d="M12 16 16.5 6" strokeLinecap="round" />
            </svg>
            {PHONE_SHORTCUT.label}
          </NavLink>
          {signedIn ? (
            <>
              {accountExtras}
              <AccountMenu user={user} />
            </>
          ) : (
            <div className="flex items-center gap-2">
              {/* Below 400 px the header keeps only Join; Sign in moves into the menu. */}
              <span className="hidden min-[400px]:block">
                <Link to="/login" className={buttonClasses('ghost', 'sm', 'px-3 whitespace-nowrap')}>
                  Sign in
                </Link>
              </span>
              <Link to="/signup" className={buttonClasses('primary', 'sm')}>
                Join
              </Link>
            </div>
          )}
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-stone-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Menu'}</span>
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </Container>

      <div id={menuId} hidden={!menuOpen} className="border-t border-stone-200 bg-white lg:hidden">
        <Container width="wide" className="max-h-[calc(100dvh-4rem)] overflow-y-auto py-4">
          <nav aria-label="Main menu">
            <ul className="space-y-1">
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <NavEntry item={item} mobile />
                </li>
              ))}
            </ul>
          </nav>
          {signedIn ? null : (
            <div className="mt-3 border-t border-stone-200 pt-3 min-[400px]:hidden">
              <Link to="/login" className={mobileLink({ isActive: false })}>
                Sign in
              </Link>
            </div>
          )}
        </Container>
      </div>
    </header>
  );
}
