// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { StaffThread } from '@fretline/contract';
import { StaffThreadPanel } from './staff-inbox';

// The API is faked at the boundary: `remove` answers the revoke call, the rest answer empty.
const remove = vi.fn((_input: unknown) => Promise.resolve({ revoked: 1 }));
const note = {
  id_message: 77,
  message_created: new Date('2026-11-24T11:00:00Z'),
  first_name: 'Sam',
  last_name: null,
  email: 'sam@example.com',
  message_content: 'Refunded already, do not refund again',
  message_from_staff: true,
  message_internal: true,
  message_via_email: false,
};
const addNote = vi.fn((_input: unknown) => Promise.resolve({ message: note }));
vi.mock('../../lib/api.client', () => ({
  api: {
    call: (name: string, input: unknown) =>
      name === 'messages.staffRevokeTokens'
        ? remove(input)
        : name === 'messages.staffAddNote'
          ? addNote(input)
          : Promise.resolve(name === 'messages.staffListMessages' ? { messages: [], total: 0 } : {}),
  },
}));

const thread = (sender: Partial<StaffThread['sender']>): StaffThread => ({
  id_thread: 9,
  thread_title: 'Helpdesk',
  private_thread: true,
  first_name_other: null,
  last_name_other: null,
  first_name_last: 'Vic',
  thread_edited: new Date('2026-11-24T10:00:00Z'),
  last_read_timestamp: null,
  thread_last_message: 'Hello',
  is_unread: false,
  thread_created: new Date('2026-11-24T10:00:00Z'),
  thread_helpdesk: true,
  thread_resolved: false,
  thread_awaiting_staff: true,
  id_user_assigned: null,
  assigned_first_name: null,
  assigned_last_name: null,
  category_name: null,
  sender: {
    id_user: null,
    first_name: 'Vic',
    last_name: null,
    email: 'vic@example.com',
    telephone: null,
    has_aaa_membership: false,
    is_registered: false,
    email_verified: false,
    ...sender,
  },
});

// The panel links to the member's page and earlier conversations, so it renders inside a router.
const show = (t: StaffThread) =>
  render(
    <MemoryRouter>
      <StaffThreadPanel thread={t} messages={{ messages: [], total: 0 }} staff={[]} onChanged={() => undefined} />
    </MemoryRouter>,
  );

describe('StaffThreadPanel: revoking the e-mailed links (ADR 0025)', () => {
  afterEach(() => {
    cleanup();
    remove.mockClear();
  });

  it('asks first, then revokes the thread’s links and says what happens next', async () => {
    show(thread({}));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke e-mailed links' }));
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke links' }));
    await waitFor(() => expect(screen.getByText('Links revoked. Your next reply e-mails a new one.')).toBeTruthy());
    expect(remove).toHaveBeenCalledWith({ params: { id: 9 } });
  });

  it('can be cancelled', () => {
    show(thread({}));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke e-mailed links' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Revoke e-mailed links' })).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
  });

  it('is not offered for a signed-in sender, who reads replies in their inbox', () => {
    show(thread({ id_user: 4, is_registered: true }));
    expect(screen.queryByRole('button', { name: 'Revoke e-mailed links' })).toBeNull();
  });
});

describe('StaffThreadPanel: the sender’s address (ADR 0045)', () => {
  afterEach(cleanup);

  it('says when a signed-out sender has not proven their address yet, and not once they have', () => {
    show(thread({}));
    expect(screen.getByText('Address not verified')).toBeTruthy();
    cleanup();
    show(thread({ email_verified: true }));
    expect(screen.queryByText('Address not verified')).toBeNull();
    expect(screen.getByText('Address verified')).toBeTruthy();
  });
});

describe('StaffThreadPanel: names (product.md#entities full_name)', () => {
  afterEach(cleanup);

  it('writes the sender and the staff list the way every page does: capitalised first and last', () => {
    render(
      <MemoryRouter>
        <StaffThreadPanel
          thread={thread({ first_name: 'jamie', last_name: 'harrison' })}
          messages={{ messages: [], total: 0 }}
          staff={[{ id_user: 4, first_name: 'robin', last_name: 'staff', email: 'robin@example.com' }]}
          onChanged={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Jamie Harrison' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Robin Staff' })).toBeTruthy();
  });
});

describe('StaffThreadPanel: internal notes (ADR 0060)', () => {
  afterEach(cleanup);

  it('sends a note with the note call, and shows it apart from the conversation', async () => {
    show(thread({}));
    fireEvent.click(screen.getByRole('button', { name: 'Internal note' }));
    fireEvent.change(screen.getByLabelText('Internal note, only staff see it'), { target: { value: note.message_content } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(addNote).toHaveBeenCalledWith({ params: { id: 9 }, body: { message_content: note.message_content } }),
    );
    const shown = await screen.findByTestId('internal-note');
    expect(shown.textContent).toContain('Internal note');
    expect(shown.textContent).toContain(note.message_content);
    expect(screen.queryAllByTestId('message')).toHaveLength(0);
  });
});

describe('StaffThreadPanel: answers that came by e-mail (ADR 0072)', () => {
  afterEach(cleanup);

  it('marks an e-mailed post in words, and leaves one written on the site unmarked', () => {
    const post = (id_message: number, message_content: string, message_via_email: boolean) => ({
      ...note,
      id_message,
      first_name: 'Vic',
      email: 'vic@example.com',
      message_content,
      message_from_staff: false,
      message_internal: false,
      message_via_email,
    });
    render(
      <MemoryRouter>
        <StaffThreadPanel
          thread={thread({})}
          messages={{ messages: [post(1, 'Typed on the site', false), post(2, 'Answered from my inbox', true)], total: 2 }}
          staff={[]}
          onChanged={() => undefined}
        />
      </MemoryRouter>,
    );
    const [typed, mailed] = screen.getAllByTestId('message');
    expect(mailed?.textContent).toContain('Answered from my inbox');
    expect(mailed?.textContent).toContain('Sent by e-mail');
    expect(typed?.textContent).toContain('Typed on the site');
    expect(typed?.textContent).not.toContain('Sent by e-mail');
  });
});
