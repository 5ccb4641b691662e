import { data } from 'react-router';
import { CookieSettingsForm } from '../../features/consent/cookie-settings-form';
import { consentFromForm } from '../../lib/consent';
import { consentCookies, readConsent } from '../../lib/consent.server';
import type { Route } from './+types/cookies';

export function meta() {
  return [{ title: 'Cookie settings | Fretline' }];
}

export function loader({ request }: Route.LoaderArgs) {
  return { consent: readConsent(request) };
}

/**
 * Saves the visitor's choices — the settings form's toggles, or the banner's button when scripts
 * have not loaded: one cookie per category, each kept a year (product.md#roles, ADR 0005).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const consent = consentFromForm(form);
  const headers = new Headers();
  for (const cookie of consentCookies(request, consent)) headers.append('Set-Cookie', cookie);
  return data({ saved: true }, { headers });
}

export default function CookiesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Cookie settings</h1>
      <p className="mt-3 text-ink-700">
        Choose which optional cookies Fretline may use. Your choices are kept for a year and you can change them here at any time.
      </p>
      <div className="mt-8">
        <CookieSettingsForm initial={loaderData.consent} />
      </div>
    </div>
  );
}
