import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { displayName, hasRoleGroup, isSharedAudienceUser } from '@fretline/contract';
import { profileLetter, type RootUser } from '../../lib/root-data';
import { ACCOUNT_NAV } from './nav-items';
import { useLogout } from '../../lib/logout';

// Loaded when the menu first opens: the header stays out of every page's first-load budget.
const AccountMembership = lazy(() => import('../../features/membership/account-membership'));

const itemClass =
  'flex min-h-10 w-full items-center rounded-lg px-3 py-2 text-left text-sm font-medium text-ink-900 hover:bg-stone-100 focus-visible:bg-stone-100';

/**
 * The signed-in user's profile letter opening a small menu (disclosure pattern: a button with
 * aria-expanded and a list of links; Escape and a click outside close it).
 */
export function AccountMenu({ user }: { user: RootUser }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const { logout, loggingOut } = useLogout();
  const isStaff = hasRoleGroup(user.roles, 'Staff') || hasRoleGroup(user.roles, 'Editor');

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const name = displayName(user, 'Your account');
  // A shared page's stand-in (ADR 0056): the letter appears once the browser knows who this is.
  const letter = isSharedAudienceUser(user) ? '' : profileLetter(user);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex size-10 items-center justify-center rounded-full bg-ink-900 text-base font-bold text-white ring-brand-500 transition hover:ring-2"
      >
        <span aria-hidden="true">{letter}</span>
        <span className="sr-only">Account menu for {name}</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-60 rounded-2xl border border-stone-200 bg-white p-2 shadow-xl"
      >
        <p className="truncate border-b border-stone-100 px-3 pt-1 pb-2.5 text-sm text-stone-600">
          Signed in as <span className="font-semibold text-ink-900">{name}</span>
        </p>
        {open ? (
          <Suspense fallback={null}>
            <AccountMembership eligibleForTrial={user.eligible_for_aaa_free_trial} />
          </Suspense>
        ) : null}
        <ul className="mt-1.5 space-y-0.5">
          {ACCOUNT_NAV.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={itemClass}>
                {item.label}
              </Link>
            </li>
          ))}
          {isStaff ? (
            <li>
              <Link to="/staff" className={itemClass}>
                Staff console
              </Link>
            </li>
          ) : null}
          <li className="border-t border-stone-100 pt-1">
            <button type="button" className={itemClass} onClick={logout} disabled={loggingOut}>
              {loggingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
