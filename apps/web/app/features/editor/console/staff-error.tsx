import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LinkButton } from '../../../components/ui';

/**
 * A staff page's ErrorBoundary: a 403 (signed in without the page's role group) is explained in
 * the console itself; any other error goes on to the site's error page.
 */
export function StaffErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 403) throw error;
  const group = (error.data as { group?: string } | null)?.group;
  return (
    <section aria-labelledby="forbidden-title" className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">403 Forbidden</p>
      <h1 id="forbidden-title" className="mt-2 text-3xl font-extrabold text-ink-900">
        This page is not part of your role
      </h1>
      <p className="mt-4 text-stone-600">
        {group ? `It is for the ${group} group of the staff team. ` : ''}If you need it, ask an admin to change your roles.
      </p>
      <div className="mt-8">
        <LinkButton to="/staff" variant="secondary">
          Back to the staff console
        </LinkButton>
      </div>
    </section>
  );
}
