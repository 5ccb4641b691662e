// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiTestServer } from '../../../test/api-server';
import { renderPages } from '../../../test/page-router';
import { api } from '../../lib/api.client';
import * as coursesPage from './courses';
import * as liveEditPage from './live-edit';
import * as liveNewPage from './live-new';
import * as liveListPage from './live-streams';
import * as videoEditPage from './video-edit';
import * as videoNewPage from './video-new';

// The editor's pages against the real API (ADR 0054): their loaders and actions run as on the web
// server, the form kit's buttons post through React Router, and what the API kept is read back.
// Each step is a real API round trip and a navigation (every wait allows 5 s: vitest.setup.ts).
// The test reads back through the pages' own client, where a newer GET of a path cancels the older
// (product.md#calls): its reads say `cancelKey: false`, so a page re-reading the same record after a
// save cannot cancel them.
let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiServer({ seed: true });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.signOut();
});

const LIVE_PAGES = [
  { path: '/staff/content/live', module: liveListPage },
  { path: '/staff/content/live/new', module: liveNewPage },
  { path: '/staff/content/live/:idLiveStream', module: liveEditPage },
];

/** A labelled field of the form (its label also carries the required star). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
/**
 * Presses a save bar button once it is enabled: the bar disables its buttons while any save is in
 * flight, a draft's autosave after a pause included (ADR 0061), and a click on a disabled button
 * does nothing.
 */
async function press(name: string) {
  const button = screen.getByRole<HTMLButtonElement>('button', { name });
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

type RichTextElement = HTMLElement & { editor?: { commands: { setContent: (html: string, o: object) => void } } };

/**
 * Types into a rich-text editor through its own commands: happy-dom does not type into a
 * contenteditable. Retried until the form holds the HTML, as a page may re-mount its form once
 * after loading (a fresh draft's first re-read).
 */
async function setRichText(name: RegExp, html: string) {
  await waitFor(() => {
    const text = screen.getByRole<RichTextElement>('textbox', { name });
    expect(text.editor).toBeTruthy();
    act(() => text.editor!.commands.setContent(html, { emitUpdate: true }));
    const hidden = text.closest('[data-testid=rich-text]')?.querySelector<HTMLInputElement>('input[type=hidden]');
    expect(hidden?.value).toBe(html);
  });
}

describe('the live stream editor', () => {
  it('creates a draft, saves a change, publishes it after asking, then deletes it back to the list', async () => {
    await server.signIn({ roles: ['Editor'] });
    const router = renderPages(server, LIVE_PAGES, '/staff/content/live/new');

    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'Friday Blues & Q&A' } });
    expect((field('Slug') as HTMLInputElement).value).toBe('friday-blues-q-a');
    fireEvent.change(field('Starts'), { target: { value: '2030-05-03T19:00' } });
    fireEvent.change(field('Ends'), { target: { value: '2030-05-03T20:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Draft created. Only editors can see it until it is published.')).toBeTruthy();
    const idLiveStream = Number(router.state.location.pathname.split('/').at(-1));
    const saved = await api.call('editor.getLiveStream', { cancelKey: false, params: { idLiveStream } });
    expect(saved.stream).toMatchObject({
      stream_title: 'Friday Blues & Q&A',
      stream_published: false,
      stream_premium: false,
      stream_auto_replay: true,
    });
    expect(new Date(saved.stream.stream_starts).toISOString()).toBe('2030-05-03T19:00:00.000Z');

    await setRichText(/^Description/, '<p>Blues in E, then your questions.</p>');
    // No replay for this one: the box sends false when unticked.
    fireEvent.click(screen.getByRole('checkbox', { name: /Make a replay when the stream ends/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Saved.');
    const changed = await api.call('editor.getLiveStream', { cancelKey: false, params: { idLiveStream } });
    expect(changed.stream.stream_auto_replay).toBe(false);
    // The rich-text editor's sanitised HTML (ADR 0037).
    expect(changed.stream.stream_description).toBe('<p>Blues in E, then your questions.</p>');

    await press('Publish…');
    expect(await screen.findByText('Save and publish this live stream? Everyone will see it on /live.')).toBeTruthy();
    await press('Yes, publish');
    await screen.findByText('Saved and published.');
    expect((await api.call('editor.getLiveStream', { cancelKey: false, params: { idLiveStream } })).stream.stream_published).toBe(
      true,
    );

    await press('Delete live stream…');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('Deleted “Friday Blues & Q&A”.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/staff/content/live');
  });

  it('saves a draft by itself after a pause, with no button pressed (ADR 0061)', async () => {
    await server.signIn({ roles: ['Editor'] });
    const router = renderPages(server, LIVE_PAGES, '/staff/content/live/new');
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'Autosaved Sunday stream' } });
    fireEvent.change(field('Starts'), { target: { value: '2030-06-02T19:00' } });
    fireEvent.change(field('Ends'), { target: { value: '2030-06-02T20:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft created. Only editors can see it until it is published.');
    const idLiveStream = Number(router.state.location.pathname.split('/').at(-1));
    expect(screen.getByTestId('autosave-status').textContent).toBe('Draft saves automatically');

    await setRichText(/^Description/, '<p>Saved without a button.</p>');
    await waitFor(() => expect(screen.getByTestId('autosave-status').textContent).toMatch(/^Saved · \d\d:\d\d$/), {
      timeout: 8000,
    });
    const saved = await api.call('editor.getLiveStream', { cancelKey: false, params: { idLiveStream } });
    expect(saved.stream.stream_description).toBe('<p>Saved without a button.</p>');
    expect(saved.stream.stream_published).toBe(false);
  });

  it('keeps the form and names each refused field when the API says no', async () => {
    await server.signIn({ roles: ['Editor'] });
    renderPages(server, LIVE_PAGES, '/staff/content/live/new');

    fireEvent.click(await screen.findByRole('button', { name: 'Save draft' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^The live stream was not saved: \d+ fields need a look\./);
    const links = within(alert).getAllByRole('link');
    expect(links.some((a) => a.getAttribute('href') === '#field-stream_title')).toBe(true);
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the video editor', () => {
  it('saves a new draft with its sections and chords in the order set, then publishes it at once', async () => {
    await server.signIn({ roles: ['Editor'] });
    const router = renderPages(
      server,
      [
        { path: '/staff/content/videos/new', module: videoNewPage },
        { path: '/staff/content/videos/:idVideo', module: videoEditPage },
      ],
      '/staff/content/videos/new',
    );

    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'Walking bass in G' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
    // The text is the rich-text editor (ADR 0060): typed through its own commands, as happy-dom
    // does not type into a contenteditable.
    await setRichText(/^Text/, '<p>Root, third, fifth, approach.</p>');
    for (const chord of ['G7', 'C7']) {
      fireEvent.click(screen.getByRole('button', { name: 'Add chord' }));
      const inputs = await screen.findAllByLabelText(/^Chord/, { selector: 'input' });
      fireEvent.change(inputs.at(-1)!, { target: { value: chord } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Move chord 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    // The save writes the video, its sections, chords, chapters and tags, then loads the edit page: on
    // a busy machine that takes longer than findByText's default second.
    expect(
      await screen.findByText('Draft created. Only editors can see it until it is published.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    const idVideo = Number(router.state.location.pathname.split('/').at(-1));
    const { video } = await api.call('editor.getVideo', { cancelKey: false, params: { idVideo } });
    expect(video.video_slug).toBe('walking-bass-in-g');
    expect(video.video_chords.map((c) => c.video_chord_text)).toEqual(['C7', 'G7']);
    expect(video.video_sections.map((s) => s.video_section_type)).toEqual(['text']);
    expect(video.video_sections[0]?.video_section_content).toBe('<p>Root, third, fifth, approach.</p>');

    // The video form publishes without asking again.
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    // Save, then publish: two round trips, slower when the machine is busy.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/^Saved as a draft, but not published/);
  });
});

describe('the course order', () => {
  it('moves a course down one place and keeps the rest of the order', async () => {
    await server.signIn({ roles: ['Editor'] });
    const before = (await api.call('editor.listCourses', { cancelKey: false })).courses.map((c) => c.course_title);
    expect(before.length).toBeGreaterThan(1);
    renderPages(server, [{ path: '/staff/content/courses', module: coursesPage }], '/staff/content/courses');

    fireEvent.click(await screen.findByRole('button', { name: `Move “${before[0]}” down` }));

    const expected = [before[1], before[0], ...before.slice(2)];
    await waitFor(async () => {
      const after = (await api.call('editor.listCourses', { cancelKey: false })).courses.map((c) => c.course_title);
      expect(after).toEqual(expected);
    });
    const list = screen.getByRole('list', { name: 'Courses in order' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain(before[1]));
  });
});
