// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpdeskFormInfo } from '@fretline/contract';
import { HELPDESK_CONSENT_REQUIRED, HelpdeskForm } from './helpdesk-form';

const post = vi.fn((_name: string, _input: unknown) => Promise.resolve({ thread: { id_thread: 1, jwt: 'x' } }));
vi.mock('../../lib/api.client', () => ({ api: { call: (name: string, input: unknown) => post(name, input) } }));
vi.mock('./altcha-widget', () => ({ AltchaWidget: () => <p data-testid="altcha" /> }));

const info: HelpdeskFormInfo = { captcha: 'altcha', challenge_url: '/challenge', recaptcha_site_key: null, categories: [] };
const noSender = { first_name: null, last_name: null, email: null, telephone: null };

function show() {
  const view = render(
    <MemoryRouter>
      <HelpdeskForm info={info} sender={noSender} signedIn={false} />
    </MemoryRouter>,
  );
  return view.container.querySelector('form')!;
}

describe('the helpdesk form checks itself in the page', () => {
  afterEach(() => {
    cleanup();
    post.mockClear();
  });

  it('turns off the browser bubbles and shows every problem under its field, focusing the first', () => {
    const form = show();
    expect(form.noValidate).toBe(true);
    fireEvent.submit(form);
    expect(post).not.toHaveBeenCalled();
    const firstName = screen.getByRole('textbox', { name: /First name/ });
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(firstName.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter your first name.',
    );
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please enter a message.')).toBeTruthy();
    const consent = screen.getByRole('checkbox', { name: /Contacting you about your message/ });
    expect(document.getElementById(consent.getAttribute('aria-describedby')!)?.textContent).toBe(HELPDESK_CONSENT_REQUIRED);
    expect(document.activeElement).toBe(firstName);
  });

  it('sends once the fields are right', () => {
    const form = show();
    fireEvent.change(screen.getByRole('textbox', { name: /First name/ }), { target: { value: 'Vic' } });
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), { target: { value: 'vic@example.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Your message/ }), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Contacting you about your message/ }));
    fireEvent.submit(form);
    expect(post).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Please enter your first name.')).toBeNull();
  });
});
