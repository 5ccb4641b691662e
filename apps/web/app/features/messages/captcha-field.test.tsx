// @vitest-environment happy-dom
import { createRef } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HelpdeskFormInfo } from '@fretline/contract';
import type { CaptchaHandle } from './altcha-widget';
import { CaptchaField, captchaUnavailable } from './captcha-field';

// Google is never contacted in tests: the script loader is replaced by a fake reCAPTCHA API.
const fake = vi.hoisted(() => ({
  render: vi.fn((_el: HTMLElement, _params: { sitekey: string; callback: (token: string) => void }) => 7),
  reset: vi.fn(),
  load: vi.fn(),
}));
vi.mock('./recaptcha-script', () => ({
  loadRecaptcha: () => {
    fake.load();
    return Promise.resolve({ render: fake.render, reset: fake.reset });
  },
}));
vi.mock('./altcha-widget', () => ({
  AltchaWidget: ({ challengeUrl }: { challengeUrl: string }) => <p data-testid="altcha">{challengeUrl}</p>,
}));

const base: HelpdeskFormInfo = { captcha: 'altcha', challenge_url: null, recaptcha_site_key: null, categories: [] };

function hiddenResponse(): string | undefined {
  return document.querySelector<HTMLInputElement>('input[name="recaptcha_response"]')?.value;
}

describe('the helpdesk captcha field (ADR 0027)', () => {
  beforeEach(() => {
    fake.render.mockClear();
    fake.reset.mockClear();
    fake.load.mockClear();
  });
  afterEach(cleanup);

  it('shows the self-hosted ALTCHA widget with the challenge URL by default', () => {
    render(<CaptchaField info={{ ...base, challenge_url: '/api/messages/helpdesks/challenge' }} />);
    expect(screen.getByTestId('altcha').textContent).toBe('/api/messages/helpdesks/challenge');
    expect(fake.load).not.toHaveBeenCalled();
  });

  it('loads nothing from Google until the visitor agrees, then renders reCAPTCHA with the site key', async () => {
    const ref = createRef<CaptchaHandle>();
    render(<CaptchaField ref={ref} info={{ ...base, captcha: 'recaptcha', recaptcha_site_key: 'site-key-123' }} />);
    expect(screen.getByText(/Google's "I am not a robot" check/)).toBeTruthy();
    expect(fake.load).not.toHaveBeenCalled();
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load the check from Google' }));
    });
    expect(fake.load).toHaveBeenCalledTimes(1);
    expect(fake.render).toHaveBeenCalledTimes(1);
    const params = fake.render.mock.calls[0]![1];
    expect(params.sitekey).toBe('site-key-123');
    expect(screen.queryByRole('button', { name: 'Load the check from Google' })).toBeNull();

    // The solved check fills the spec's field; a reset (after sending) clears it and the widget.
    expect(hiddenResponse()).toBe('');
    act(() => params.callback('google-token'));
    expect(hiddenResponse()).toBe('google-token');
    act(() => ref.current?.reset());
    expect(hiddenResponse()).toBe('');
    expect(fake.reset).toHaveBeenCalledWith(7);
  });

  it('says plainly why no check shows when reCAPTCHA has no site key configured', () => {
    const info = { ...base, captcha: 'recaptcha' as const };
    expect(captchaUnavailable(info)).toBe(true);
    render(<CaptchaField info={info} />);
    expect(screen.getByRole('alert').textContent).toMatch(/has not been set up on this site/);
    expect(fake.load).not.toHaveBeenCalled();
  });

  it('shows nothing when the captcha is off', () => {
    const info = { ...base, captcha: 'off' as const };
    expect(captchaUnavailable(info)).toBe(false);
    const { container } = render(<CaptchaField info={info} />);
    expect(container.innerHTML).toBe('');
  });
});
