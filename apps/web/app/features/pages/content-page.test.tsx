// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PrivacyPage } from './privacy';
import { TermsPage } from './terms';

afterEach(cleanup);

describe('the legal pages’ "last updated" date', () => {
  it('uses the long format (product.md#constants), like every other date the site shows', () => {
    for (const Page of [TermsPage, PrivacyPage]) {
      render(
        <MemoryRouter>
          <Page name="Jamie" />
        </MemoryRouter>,
      );
      const line = screen.getByText(/^Last updated/);
      expect(line.textContent).toBe('Last updated Nov 1st, 2026');
      expect(line.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-01');
      cleanup();
    }
  });
});
