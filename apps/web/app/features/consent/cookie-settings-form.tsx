import { useEffect, useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { Button } from '../../components/ui';
import { CONSENT_CHOICES, refreshConsent, useConsent, type Consent } from '../../lib/consent';
import { CONSENT_EXPLANATIONS, ESSENTIAL_COOKIES } from './consent-texts';

export interface CookieSettingsFormProps {
  /** The consent the server read from the request, so the page renders right without scripts. */
  initial: Consent;
}

/**
 * The /cookies form (product.md#pages): each category's explanation with a toggle, and save. It posts to the
 * route's action, which sets the cookies, so it also works before scripts load; afterwards the
 * browser's consent store is refreshed so gated features react at once.
 */
export function CookieSettingsForm({ initial }: CookieSettingsFormProps) {
  const live = useConsent();
  const current = live.asked ? live : initial;
  const [choices, setChoices] = useState(() => Object.fromEntries(CONSENT_CHOICES.map((c) => [c, current[c]])));
  const actionData = useActionData<{ saved: boolean } | undefined>();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting';

  useEffect(() => {
    if (actionData?.saved) refreshConsent();
  }, [actionData]);

  return (
    <Form method="post" className="space-y-6">
      <section aria-labelledby="essential-title" className="rounded-2xl border border-stone-200 p-5">
        <h2 id="essential-title" className="text-lg font-semibold">
          Essential cookies (always on)
        </h2>
        <ul className="mt-2 space-y-1 text-sm text-ink-700">
          {ESSENTIAL_COOKIES.map((c) => (
            <li key={c.name}>
              <code className="rounded bg-stone-100 px-1">{c.name}</code> {c.text}
            </li>
          ))}
        </ul>
      </section>
      {CONSENT_CHOICES.map((category) => {
        const { title, text } = CONSENT_EXPLANATIONS[category];
        const id = `consent-${category}`;
        return (
          <section key={category} className="rounded-2xl border border-stone-200 p-5">
            <div className="flex items-start justify-between gap-4">
              <div>
                <label htmlFor={id} className="text-lg font-semibold">
                  {title}
                </label>
                <p id={`${id}-text`} className="mt-1 text-sm text-ink-700">
                  {text}
                </p>
              </div>
              <input
                id={id}
                name={category}
                type="checkbox"
                role="switch"
                value="true"
                aria-describedby={`${id}-text`}
                checked={choices[category] ?? false}
                onChange={(e) => setChoices((prev) => ({ ...prev, [category]: e.target.checked }))}
                className="mt-1 size-6 shrink-0 accent-brand-600"
              />
            </div>
          </section>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={saving}>
          Save my choices
        </Button>
        <p role="status" className="text-sm text-ink-700">
          {actionData?.saved && !saving ? 'Your cookie choices have been saved.' : ''}
        </p>
      </div>
    </Form>
  );
}
