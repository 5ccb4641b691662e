// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HELPDESK_PERMISSION_ID } from '@fretline/contract';
import { startApiServer, type ApiTestServer } from '../../../test/api-server';
import { renderPages } from '../../../test/page-router';
import { HELPDESK_CONSENT } from '../../features/messages/helpdesk-form';
import { api } from '../../lib/api.client';
import * as inboxPage from './staff-inbox';
import * as threadPage from './staff-thread';

// The helpdesk inbox against the real API (ADR 0054): a signed-out visitor writes in, a member of
// staff finds the thread, replies, resolves it and revokes the links e-mailed to the sender.
let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiServer({ seed: true, config: { CAPTCHA: 'off' } });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.signOut();
});

/** A signed-out visitor's helpdesk message, as the helpdesk form sends it. */
async function writeIn(firstName: string, message: string): Promise<number> {
  server.signOut();
  const { thread } = await api.call('messages.createHelpdesk', {
    body: {
      first_name: firstName,
      last_name: null,
      email: `${firstName.toLowerCase()}@example.com`,
      telephone: null,
      message,
      category_slug: null,
      recaptcha_response: null,
      notifications_mailers: false,
      consent_method: HELPDESK_CONSENT.method,
      consent_title: HELPDESK_CONSENT.title,
      consent_text: HELPDESK_CONSENT.text,
      consent_info: HELPDESK_CONSENT.info,
      permissions: { [HELPDESK_PERMISSION_ID]: true },
    },
  });
  return thread.id_thread;
}

const showInbox = (path = '/staff/inbox') =>
  renderPages(server, [{ path: '/staff/inbox', module: inboxPage, children: [{ path: ':idThread', module: threadPage }] }], path);

describe('/staff/inbox', () => {
  it('lists a visitor’s message; staff open it, reply, resolve it and revoke its e-mailed links', async () => {
    const idThread = await writeIn('Vic', 'My chord chart will not download.');
    await server.signIn({ firstName: 'Robin', roles: ['Staff'] });
    showInbox();

    const list = await screen.findByRole('region', { name: 'Helpdesk threads' });
    fireEvent.click(await within(list).findByRole('link', { name: /Vic/ }));
    const panel = (await screen.findByRole('heading', { level: 2, name: 'Vic' })).closest('div.flex-col') as HTMLElement;
    expect(within(panel).getByText('My chord chart will not download.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Here is a fresh link.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await within(panel).findByText('Here is a fresh link.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mark resolved' }));
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke e-mailed links' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke links' }));
    expect(await screen.findByText('Links revoked. Your next reply e-mails a new one.')).toBeTruthy();

    const { thread } = await api.call('messages.staffGetThread', { cancelKey: false, params: { id: idThread } });
    expect(thread.thread_resolved).toBe(true);
    const { messages } = await api.call('messages.staffListMessages', { cancelKey: false, params: { id: idThread } });
    expect(messages.map((m) => m.message_content)).toContain('Here is a fresh link.');
  });

  it('is the 404 page for someone outside the Staff group (the API refuses them)', async () => {
    await server.signIn({ roles: ['Editor'] });
    const loading = inboxPage.loader({ request: server.pageRequest('/staff/inbox'), params: {}, context: {} } as never);
    await expect(loading).rejects.toMatchObject({ init: { status: 404 } });
  });
});
