import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type {} from 'altcha/types/react';

export interface CaptchaHandle {
  reset(): void;
}

/**
 * The self-hosted ALTCHA proof-of-work widget (ADR 0027). The web component is loaded in the
 * browser only; it solves the challenge from our API and puts the payload in a hidden input named
 * `recaptcha_response`, the spec's field name for whichever captcha is in use.
 */
export const AltchaWidget = forwardRef<CaptchaHandle, { challengeUrl: string }>(function AltchaWidget({ challengeUrl }, ref) {
  const element = useRef<HTMLElement & { reset?: () => void }>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    import('altcha')
      .then(() => {
        if (live) setReady(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useImperativeHandle(ref, () => ({ reset: () => element.current?.reset?.() }), []);

  return (
    <div className="min-h-16" data-testid="captcha">
      {ready ? (
        <altcha-widget
          ref={element}
          challenge={challengeUrl}
          name="recaptcha_response"
          auto="onfocus"
          style={{ '--altcha-max-width': '100%', '--altcha-border-radius': '0.75rem' }}
        />
      ) : (
        <p className="rounded-xl border border-stone-300 bg-stone-50 px-4 py-4 text-sm text-stone-600">
          Loading the "I am not a robot" check…
        </p>
      )}
    </div>
  );
});
