// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardEntry, sandboxPaymentMethodFor } from './card-entry';

const now = new Date('2026-11-25T12:00:00Z');

describe('sandboxPaymentMethodFor', () => {
  it('asks for a card number that was left empty, rather than calling it incorrect', () => {
    expect(sandboxPaymentMethodFor('', '12/30', '123', now)).toEqual({ field: 'number', message: 'Enter your card number.' });
    expect(sandboxPaymentMethodFor('   ', '12/30', '123', now)).toEqual({ field: 'number', message: 'Enter your card number.' });
    expect(sandboxPaymentMethodFor('4242 4242 4242 4241', '12/30', '123', now)).toMatchObject({
      message: 'Your card number is incorrect.',
    });
  });

  it('takes the expiry however it is typed: MM/YY, MM / YYYY or MMYY', () => {
    for (const expiry of ['12/30', '12 / 30', '12/2030', '12 / 2030', '1230', '1/30']) {
      expect(sandboxPaymentMethodFor('4242 4242 4242 4242', expiry, '123', now), expiry).toEqual({ id: 'pm_card_visa' });
    }
    expect(sandboxPaymentMethodFor('4242 4242 4242 4242', '', '123', now)).toEqual({
      field: 'expiry',
      message: "Enter your card's expiry date.",
    });
  });
});

describe('the sandbox card form', () => {
  afterEach(cleanup);

  it('keeps the expiry exactly as typed', () => {
    render(<CardEntry provider="sandbox" publishableKey={null} handleRef={{ current: null }} />);
    const expiry = screen.getByRole<HTMLInputElement>('textbox', { name: /Expiry/ });
    fireEvent.change(expiry, { target: { value: '12 / 2030' } });
    expect(expiry.value).toBe('12 / 2030');
  });
});
