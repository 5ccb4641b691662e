// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_COOKIE_CONSENT, sharedAudienceUser, VISITOR_USER } from '@fretline/contract';
import { profileLetter, setPersonalUser, useRootData, type RootData } from './root-data';

const ROOT: Omit<RootData, 'user' | 'userPending'> = {
  siteUrl: 'http://localhost',
  teacherName: 'jamie',
  teacherDisplayName: 'Jamie',
  flags: { featuresLinkInFooter: false, optimizeImages: true },
  consent: NO_COOKIE_CONSENT,
};
const ADA = { ...VISITOR_USER, id_user: 7, first_name: 'Ada', email: 'ada@example.com' };

function Reader() {
  const { user, userPending } = useRootData();
  return (
    <p data-testid="reader">{`${profileLetter(user)} ${userPending ? 'pending' : 'known'} ${user.left_handed ? 'left' : 'right'}`}</p>
  );
}

async function renderWith(root: RootData) {
  const router = createMemoryRouter([
    { id: 'root', path: '/', loader: () => root, element: <Reader />, HydrateFallback: () => null },
  ]);
  render(<RouterProvider router={router} />);
  return screen.findByTestId('reader');
}

afterEach(cleanup);

describe('the person behind a page shared by a class (ADR 0056)', () => {
  it('shows the class’s stand-in until the browser knows who reads, then the person everywhere', async () => {
    const standIn = sharedAudienceUser({ member: false, leftHanded: true, trialEligible: true });
    const reader = await renderWith({ ...ROOT, user: standIn, userPending: true });
    expect(reader.textContent).toBe('? pending left');
    act(() => setPersonalUser({ ...ADA, left_handed: true }));
    await waitFor(() => expect(screen.getByTestId('reader').textContent).toBe('A known left'));
  });

  it('never puts the person over a page rendered for them or for a visitor', async () => {
    act(() => setPersonalUser(ADA));
    const reader = await renderWith({ ...ROOT, user: VISITOR_USER, userPending: false });
    expect(reader.textContent).toBe('? known right');
  });
});
