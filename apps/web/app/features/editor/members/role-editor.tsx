import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { ROLES, ROLE_GROUPS } from '@fretline/contract';
import { Button } from '../../../components/ui';

export interface RoleEditorProps {
  roles: string[];
  /** Superadmin is granted and removed only by a Superadmin (the API enforces it too). */
  canGrantSuperadmin: boolean;
  isSelf: boolean;
}

const ROLE_HELP: Record<string, string> = {
  Superadmin: 'Everything, including granting Superadmin.',
  Admin: 'Everything, including roles.',
  Director: 'Analytics, members, inbox and content.',
  Staff: 'Members, inbox and the audit log.',
  Editor: 'Videos and courses.',
  Guest: 'A guest account; no console access.',
};

/** Admin group (product.md#roles): sets a member's role list in one PUT; the result shows in place. */
export function RoleEditor({ roles, canGrantSuperadmin, isSelf }: RoleEditorProps) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const status = useRef<HTMLParagraphElement>(null);
  const busy = fetcher.state !== 'idle';
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) status.current?.focus();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="put" aria-describedby="roles-help">
      <input type="hidden" name="intent" value="set-roles" />
      <fieldset>
        <legend className="sr-only">Roles</legend>
        <p id="roles-help" className="mb-3 text-sm text-stone-600">
          {isSelf
            ? `You cannot remove your own last ${ROLE_GROUPS.Admin.join(' or ')} role.`
            : 'Tick the roles this member should have, then save.'}
        </p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {ROLES.map((role) => {
            const locked = role === 'Superadmin' && !canGrantSuperadmin;
            return (
              <li key={role}>
                <label className="flex h-full min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-200 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50">
                  <input
                    type="checkbox"
                    name="roles"
                    value={role}
                    defaultChecked={roles.includes(role)}
                    disabled={locked}
                    className="mt-1 size-4 shrink-0 accent-brand-600"
                  />
                  <span>
                    <span className="block font-semibold text-ink-900">{role}</span>
                    <span className="block text-sm text-stone-600">{ROLE_HELP[role]}</span>
                  </span>
                </label>
                {/* A disabled box is not submitted: keep a Superadmin's role when an Admin saves. */}
                {locked && roles.includes(role) ? <input type="hidden" name="roles" value={role} /> : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" busy={busy}>
          Save roles
        </Button>
        <p
          ref={status}
          tabIndex={-1}
          role="status"
          className={fetcher.data?.ok === false ? 'text-sm font-medium text-red-700' : 'text-sm text-emerald-700'}
        >
          {fetcher.state === 'idle' && fetcher.data ? (fetcher.data.ok ? 'Roles saved.' : fetcher.data.message) : ''}
        </p>
      </div>
    </fetcher.Form>
  );
}
