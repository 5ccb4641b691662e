import { expect, test } from '@playwright/test';

import { signIn, signInContext, useToken, waitForMail } from './support/auth.ts';
import { sendHelpdesk } from './support/helpdesk.ts';

// The staff inbox (ADR 0060): a member writes to the helpdesk; staff find it by search, see the
// member beside the conversation, answer with a saved reply from the side panel, leave an internal
// note the member never sees, and the member reads the answer.

test('staff answer a member with a saved reply from the context panel; the internal note stays with staff', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const word = `fretboard${Date.now().toString(36)}`;

  // The member writes in, signed in.
  const memberContext = await browser.newContext();
  await signInContext(memberContext, baseURL, 'member@example.com');
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/helpdesk');
  await sendHelpdesk(memberPage, { message: `The ${word} diagram in lesson three looks wrong to me.` });
  // Signed in, the sender lands in the new thread.
  await expect(memberPage).toHaveURL(/\/messages\/\d+$/);
  const threadUrl = memberPage.url();

  // Staff search the inbox for a word of the message and open the thread.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(staffContext, baseURL, await signIn(baseURL, 'staff@example.com'));
  const page = await staffContext.newPage();
  await page.goto('/staff/inbox');
  await expect(page.getByTestId('inbox-nav-counts')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  const items = page.getByTestId('staff-thread-item');
  await expect(items).toHaveCount(1);
  await items.first().click();

  // The member beside the conversation: their membership and a link to their page.
  const context = page.getByTestId('member-context');
  await expect(context.getByRole('link', { name: 'Open the member’s page' })).toBeVisible();
  await expect(context.getByText('Membership', { exact: true })).toBeVisible();

  // A saved reply from the side panel fills the reply box with the member's first name.
  await page.getByTestId('saved-replies').getByRole('button', { name: 'Video will not play' }).click();
  const box = page.getByLabel('Your message');
  await expect(box).toHaveValue(/^Hi Morgan,/);
  await expect(box).not.toHaveValue(/\{first_name\}/);
  await page.getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'try once with extensions turned off' })).toBeVisible();

  // An internal note, by keyboard: n opens the note box.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('n');
  await expect(page.getByLabel('Internal note, only staff see it')).toBeFocused();
  await page.keyboard.type('Checked the diagram: it is right, the member mixed up strings.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('internal-note')).toContainText('the member mixed up strings');
  await staffContext.close();

  // The member gets the answer by e-mail and in the thread, never the note.
  await waitForMail(request, 'member@example.com', /New reply/);
  await memberPage.goto(threadUrl);
  await expect(memberPage.getByTestId('message').filter({ hasText: 'try once with extensions turned off' })).toBeVisible();
  await expect(memberPage.getByText('the member mixed up strings')).toHaveCount(0);
  await memberContext.close();
});
