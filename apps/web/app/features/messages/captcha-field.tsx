import { forwardRef } from 'react';
import type { HelpdeskFormInfo } from '@fretline/contract';
import { cx } from '../../components/ui';
import { AltchaWidget, type CaptchaHandle } from './altcha-widget';
import { RecaptchaWidget } from './recaptcha-widget';

/**
 * Whether the form cannot be sent because its captcha cannot be shown: reCAPTCHA is chosen but
 * no site key is configured (RECAPTCHA_SITE_KEY, ADR 0027).
 */
export function captchaUnavailable(info: HelpdeskFormInfo): boolean {
  return info.captcha === 'recaptcha' && !info.recaptcha_site_key;
}

/** The helpdesk form's "I am not a robot" check, whichever the server uses (ADR 0027). */
export const CaptchaField = forwardRef<CaptchaHandle, { info: HelpdeskFormInfo; invalid?: boolean }>(function CaptchaField(
  { info, invalid = false },
  ref,
) {
  let widget: React.ReactNode = null;
  if (info.captcha === 'altcha' && info.challenge_url) widget = <AltchaWidget ref={ref} challengeUrl={info.challenge_url} />;
  else if (info.captcha === 'recaptcha' && info.recaptcha_site_key)
    widget = <RecaptchaWidget ref={ref} siteKey={info.recaptcha_site_key} />;
  else if (captchaUnavailable(info))
    widget = (
      <p role="alert" data-testid="captcha" className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
        The "I am not a robot" check cannot be shown because it has not been set up on this site yet, so messages cannot be sent
        from this form for now. Please try again later.
      </p>
    );
  if (!widget) return null;
  return <div className={cx(invalid && 'rounded-xl ring-2 ring-red-600')}>{widget}</div>;
});
