// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { allowConsentCategory, getConsent, setConsent, subscribeConsent } from './consent';

describe('the browser consent store', () => {
  it('stores an answer in the cookies, tells subscribers, and adds one category without touching the others', () => {
    const listener = vi.fn();
    const stop = subscribeConsent(listener);
    setConsent({ analytic: true });
    expect(document.cookie).toContain('consent_asked=true');
    expect(document.cookie).toContain('consent_analytic=true');
    expect(getConsent()).toMatchObject({ asked: true, analytic: true, video: false });
    allowConsentCategory('video');
    expect(getConsent()).toMatchObject({ asked: true, analytic: true, video: true, marketing: false });
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('returns the same snapshot object while the cookies are unchanged', () => {
    expect(getConsent()).toBe(getConsent());
  });
});
