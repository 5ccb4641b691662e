// @vitest-environment happy-dom
import { useRef, useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub, Form } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDIT_EVENT } from './unsaved-changes';
import { AUTOSAVE_DELAY_MS, AutosaveStatusLine, skipRevalidationOnAutosave, useDraftAutosave } from './autosave';

// ADR 0061: a draft saves itself once the editor pauses, not on every key; the status says so.

// Long enough that a loaded machine's late timers never fire it between two keys of the test.
const DELAY = 500;

function DraftForm({ enabled, onSaved }: { enabled: boolean; onSaved: (updated: Date | string | null) => void }) {
  const form = useRef<HTMLFormElement>(null);
  const status = useDraftAutosave(form, { enabled, onSaved, delay: DELAY });
  // Controlled, like the title: the status must not re-render the form before React reads the key.
  const [title, setTitle] = useState('Draft');
  return (
    <Form ref={form} method="post">
      <AutosaveStatusLine status={status} />
      <label>
        Title
        <input name="video_title" value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
    </Form>
  );
}

function setup({
  enabled = true,
  answer = { ok: true, message: 'Saved.' },
}: { enabled?: boolean; answer?: { ok: boolean; message: string; updated?: string } } = {}) {
  const posted: {
    url: string;
    title: FormDataEntryValue | null;
    image: FormDataEntryValue | null;
    intent: FormDataEntryValue | null;
  }[] = [];
  const onSaved = vi.fn();
  const Stub = createRoutesStub([
    {
      path: '/staff/content/videos/:idVideo',
      Component: () => <DraftForm enabled={enabled} onSaved={onSaved} />,
      action: async ({ request }) => {
        const data = await request.formData();
        posted.push({
          url: request.url,
          title: data.get('video_title'),
          image: data.get('video_image'),
          intent: data.get('intent'),
        });
        return answer;
      },
    },
  ]);
  render(<Stub initialEntries={['/staff/content/videos/7']} />);
  return {
    posted,
    onSaved,
    title: screen.getByRole('textbox', { name: 'Title' }),
    status: () => screen.getByTestId('autosave-status'),
  };
}

afterEach(cleanup);

describe('draft autosave', () => {
  it('waits two seconds by default', () => {
    expect(AUTOSAVE_DELAY_MS).toBe(2000);
  });

  it('saves an edit that types nothing (a file picked, a section moved) and hands on the new change time', async () => {
    const { posted, onSaved, status } = setup({ answer: { ok: true, message: 'Saved.', updated: '2026-11-25 16:30:00' } });
    // What the picker leaves in the form: a hidden input holding the chosen path.
    const image = Object.assign(document.createElement('input'), { type: 'hidden', name: 'video_image' });
    image.value = 'uploads/2026/11/0123456789abcdef-poster.png';
    document.querySelector('form')!.append(image);
    image.dispatchEvent(new Event(EDIT_EVENT, { bubbles: true }));
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(status().textContent).toBe('Unsaved changes…');
    await waitFor(() => expect(status().textContent).toMatch(/^Saved · /), { timeout: 5000 });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ image: 'uploads/2026/11/0123456789abcdef-poster.png', intent: 'save' });
    expect(onSaved).toHaveBeenCalledWith('2026-11-25 16:30:00');
  });

  it('saves once after the editor pauses, with the last value, and says when', async () => {
    const { posted, onSaved, title, status } = setup();
    expect(status().textContent).toBe('Draft saves automatically');
    for (const value of ['D', 'Dr', 'Dra', 'Drat']) {
      fireEvent.input(title, { target: { value } });
      await act(() => new Promise((r) => setTimeout(r, 10)));
    }
    expect(status().textContent).toBe('Unsaved changes…');
    expect(posted).toHaveLength(0);
    await waitFor(() => expect(status().textContent).toMatch(/^Saved · \d\d:\d\d$/), { timeout: 5000 });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ title: 'Drat', intent: 'save' });
    expect(posted[0]!.url).toContain('/staff/content/videos/7?autosave=1');
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(title).toHaveProperty('value', 'Drat');
    // Leaving the field afterwards is not another edit.
    fireEvent.change(title);
    await act(() => new Promise((r) => setTimeout(r, DELAY * 2)));
    expect(posted).toHaveLength(1);
  });

  it('shows why a save failed, and keeps the leave warning', async () => {
    const { posted, onSaved, title, status } = setup({ answer: { ok: false, message: 'The slug is taken.' } });
    fireEvent.input(title, { target: { value: 'Other' } });
    await waitFor(() => expect(status().textContent).toContain('Not saved: The slug is taken.'), { timeout: 5000 });
    expect(posted).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('never saves by itself when off (a published video)', async () => {
    const { posted, title } = setup({ enabled: false });
    fireEvent.input(title, { target: { value: 'Published edit' } });
    await act(() => new Promise((r) => setTimeout(r, DELAY * 3)));
    expect(posted).toHaveLength(0);
  });

  it('keeps the page data after an autosave, but not after a button save', () => {
    const args = { defaultShouldRevalidate: true } as Parameters<typeof skipRevalidationOnAutosave>[0];
    expect(skipRevalidationOnAutosave({ ...args, formAction: '/staff/content/videos/7?autosave=1' })).toBe(false);
    expect(skipRevalidationOnAutosave({ ...args, formAction: '/staff/content/videos/7' })).toBe(true);
  });
});
