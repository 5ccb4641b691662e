import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Button } from '../../components/ui';
import type { CaptchaHandle } from './altcha-widget';
import { loadRecaptcha, type Grecaptcha } from './recaptcha-script';

type Phase = 'ask' | 'loading' | 'ready' | 'failed';

/**
 * Google reCAPTCHA v2 for the helpdesk form when CAPTCHA=recaptcha (ADR 0027). Google's script
 * sets cookies and sees the visitor's address, and no consent category covers it (ADR 0005), so
 * it loads only when the visitor presses the button below — consent for that one purpose, as
 * pressing pay is for Stripe. The answer goes in a hidden `recaptcha_response` input (product.md#entities).
 */
export const RecaptchaWidget = forwardRef<CaptchaHandle, { siteKey: string }>(function RecaptchaWidget({ siteKey }, ref) {
  const [phase, setPhase] = useState<Phase>('ask');
  const [token, setToken] = useState('');
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);

  useEffect(() => {
    if (phase !== 'loading') return;
    let live = true;
    loadRecaptcha()
      .then((api) => {
        if (!live || !container.current) return;
        if (!widget.current) {
          const id = api.render(container.current, {
            sitekey: siteKey,
            callback: setToken,
            'expired-callback': () => setToken(''),
            'error-callback': () => setToken(''),
          });
          widget.current = { api, id };
        }
        setPhase('ready');
      })
      .catch(() => {
        if (live) setPhase('failed');
      });
    return () => {
      live = false;
    };
  }, [phase, siteKey]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        setToken('');
        widget.current?.api.reset(widget.current.id);
      },
    }),
    [],
  );

  return (
    <div className="min-h-16 space-y-3" data-testid="captcha">
      <input type="hidden" name="recaptcha_response" value={token} />
      {phase === 'ask' || phase === 'failed' ? (
        <div className="rounded-xl border border-stone-300 bg-stone-50 px-4 py-4 text-sm text-stone-700">
          <p>
            Before sending, please complete Google's "I am not a robot" check (reCAPTCHA). Loading it lets Google set cookies and
            see your IP address, under Google's{' '}
            <a
              href="https://policies.google.com/privacy"
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              privacy policy
            </a>
            .
          </p>
          {phase === 'failed' ? (
            <p role="alert" className="mt-2 font-medium text-red-800">
              The check could not be loaded. Please check your connection and try again.
            </p>
          ) : null}
          <Button size="sm" variant="secondary" className="mt-3" onClick={() => setPhase('loading')}>
            Load the check from Google
          </Button>
        </div>
      ) : null}
      {phase === 'loading' ? <p className="text-sm text-stone-600">Loading the "I am not a robot" check…</p> : null}
      <div ref={container} />
    </div>
  );
});
