/** The part of Google's reCAPTCHA v2 API the helpdesk form uses (explicit rendering). */
export interface Grecaptcha {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

/** Google's script, rendered explicitly, calling back once it is ready. */
const RECAPTCHA_ONLOAD = '__fretlineRecaptchaReady';
const RECAPTCHA_SCRIPT_URL = `https://www.google.com/recaptcha/api.js?render=explicit&onload=${RECAPTCHA_ONLOAD}`;

let loading: Promise<Grecaptcha> | undefined;

/**
 * Adds Google's reCAPTCHA script to the page, once, and resolves with its API. Only called after
 * the visitor agreed to load it (ADR 0027): nothing from Google is requested before.
 */
export function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const w = window as unknown as Record<string, unknown>;
    w[RECAPTCHA_ONLOAD] = () => resolve(w.grecaptcha as Grecaptcha);
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('The reCAPTCHA script did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
