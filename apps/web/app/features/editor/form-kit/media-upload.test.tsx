// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClientModule from '../../../lib/api.client';
import { MediaUpload, StreamField } from './media-upload';

const listMedia = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.client', async (original) => ({
  ...(await original<typeof ApiClientModule>()),
  api: { call: listMedia },
}));

/** A stand-in XMLHttpRequest the test drives: progress, answer, abort. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  withCredentials = false;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const MEDIA_PATH = 'uploads/2026/11/0123456789abcdef-poster.png';
const SIGNED = `/api/videos/media/${MEDIA_PATH}?exp=1800000000&sig=abc`;

function setup(props: Partial<React.ComponentProps<typeof MediaUpload>> = {}) {
  const onChange = vi.fn();
  const view = render(
    <form data-testid="form">
      <MediaUpload name="video_image" label="Poster image" hint="JPG, PNG or WebP" onChange={onChange} {...props} />
    </form>,
  );
  const form = view.getByTestId('form') as HTMLFormElement;
  const value = () => new FormData(form).get('video_image');
  const pick = (file: File) => fireEvent.change(screen.getByLabelText('Poster image'), { target: { files: [file] } });
  return { ...view, value, pick, onChange };
}

const png = (name = 'poster.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });
const lastXhr = () => FakeXhr.sent.at(-1)!;

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MediaUpload', () => {
  it('uploads a picked file at once, shows its progress, then puts the media path in the form', async () => {
    const { value, pick, onChange } = setup();
    expect(value()).toBe('');
    pick(png('My Poster.png'));

    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/videos/editor/uploads?filename=My%20Poster.png');
    expect(xhr.headers['content-type']).toBe('application/octet-stream');
    expect(xhr.headers['x-correlation-id']).toBeTruthy();
    expect(xhr.body).toBeInstanceOf(File);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

    act(() => xhr.progress(42, 100));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Uploading My Poster.png')).toBeTruthy();
    expect(screen.getByText('42%')).toBeTruthy();

    await act(async () =>
      xhr.respond(201, { data: { media_path: MEDIA_PATH, url: SIGNED, content_type: 'image/png', bytes: 7 } }),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(value()).toBe(MEDIA_PATH);
    expect(onChange).toHaveBeenCalledWith(MEDIA_PATH, expect.stringContaining(MEDIA_PATH));
    expect(screen.getByAltText('Preview of Poster image').getAttribute('src')).toBe(SIGNED);
    expect(screen.getByText('My Poster.png')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Uploaded, 7 bytes');
    expect(screen.getByRole('button', { name: 'Replace Poster image from the library' })).toBeTruthy();
  });

  it('clears the value with Remove', () => {
    const { value } = setup({ defaultValue: MEDIA_PATH, defaultUrl: SIGNED });
    expect(value()).toBe(MEDIA_PATH);
    expect(screen.getByAltText('Preview of Poster image')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Poster image' }));
    expect(value()).toBe('');
    expect(screen.queryByAltText('Preview of Poster image')).toBeNull();
  });

  it('previews a saved SVG poster as an image, not as an "SVG" box', () => {
    const svgPath = 'demo/posters/lesson-beginner.svg';
    const svgUrl = `/api/videos/media/${svgPath}?exp=1800000000&sig=abc`;
    setup({ defaultValue: svgPath, defaultUrl: svgUrl });
    const preview = screen.getByAltText('Preview of Poster image');
    // An <img>: the browser runs no script inside an SVG shown this way.
    expect(preview.tagName).toBe('IMG');
    expect(preview.getAttribute('src')).toBe(svgUrl);
  });

  it('keeps the file-type box for a saved file that is not an image', () => {
    setup({ defaultValue: 'uploads/2026/11/0123456789abcdef-tab.pdf', defaultUrl: SIGNED });
    expect(screen.queryByAltText('Preview of Poster image')).toBeNull();
    expect(screen.getByText('pdf')).toBeTruthy();
  });

  it("shows the API's message when an upload is refused, and keeps the previous value", async () => {
    const { value, pick } = setup({ defaultValue: MEDIA_PATH });
    pick(png());
    await act(async () =>
      lastXhr().respond(413, {
        errors: [{ message: 'That image is too large: the limit is 10 MB.', code: 'UPLOAD_TOO_LARGE' }],
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe('That image is too large: the limit is 10 MB.');
    expect(value()).toBe(MEDIA_PATH);
  });

  it('stops an upload with Cancel, without an error and without changing the value', () => {
    const { value, pick } = setup({ defaultValue: MEDIA_PATH });
    pick(png());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(lastXhr().aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(value()).toBe(MEDIA_PATH);
  });

  it('replaces an upload still under way when another file is picked', async () => {
    const { value, pick } = setup();
    pick(png('first.png'));
    const first = lastXhr();
    pick(png('second.png'));
    expect(first.aborted).toBe(true);
    expect(screen.getByText('Uploading second.png')).toBeTruthy();
    await act(async () =>
      lastXhr().respond(201, { data: { media_path: MEDIA_PATH, url: SIGNED, content_type: 'image/png', bytes: 7 } }),
    );
    expect(value()).toBe(MEDIA_PATH);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a file type uploads never take before sending anything', () => {
    const { pick } = setup();
    pick(new File(['MZ'], 'setup.exe'));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toMatch(/^\.exe files can't be uploaded/);
  });

  it('refuses a file outside its accept list before sending anything', () => {
    const { pick } = setup({ accept: '.jpg,.png' });
    pick(new File(['%PDF-'], 'chart.pdf', { type: 'application/pdf' }));
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe('This field takes .jpg, .png files.');
  });

  it('chooses a file from the media library dialog: the field gets its path and a preview, and the form hears of it', async () => {
    listMedia.mockResolvedValue({
      media: [
        {
          media_path: MEDIA_PATH,
          name: 'poster.png',
          kind: 'image',
          content_type: 'image/png',
          bytes: 2048,
          modified: '2026-11-20T10:00:00.000Z',
          url: SIGNED,
          poster_url: null,
        },
      ],
      total: 1,
    });
    const { value, onChange, getByTestId } = setup({ accept: '.png,.jpg' });
    const edits = vi.fn();
    getByTestId('form').addEventListener('editor-edit', edits);
    // Never a path to type.
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose from library: Poster image' }));
    const choice = await screen.findByRole('button', { name: 'Choose poster.png' }, { timeout: 2000 });
    expect(listMedia).toHaveBeenCalledWith('editor.listMedia', { query: { kind: 'image', offset: 0 }, limit: 24 });
    expect(screen.getByText('2 KB · Nov 20th, 2026')).toBeTruthy();
    fireEvent.click(choice);
    expect(value()).toBe(MEDIA_PATH);
    expect(onChange).toHaveBeenCalledWith(MEDIA_PATH, expect.stringContaining(MEDIA_PATH));
    expect(edits).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('media-library')).toBeNull();
    expect(screen.getByAltText('Preview of Poster image').getAttribute('src')).toBe(SIGNED);
    expect(screen.getByText('poster.png')).toBeTruthy();
  });
});

describe('StreamField', () => {
  const MANIFEST = 'streams/12/ab/master.m3u8';
  const POSTER = '/api/videos/media/streams/12/ab/poster-1.jpg?exp=1&sig=p';

  it('picks a processed stream from the library by its title and poster, with no path to type and no upload', async () => {
    listMedia.mockResolvedValue({
      media: [
        {
          media_path: MANIFEST,
          name: 'Blues in E',
          kind: 'stream',
          content_type: 'application/vnd.apple.mpegurl',
          bytes: 0,
          modified: '2026-11-20T10:00:00.000Z',
          url: `/api/videos/media/${MANIFEST}?exp=1&sig=m`,
          poster_url: POSTER,
        },
      ],
      total: 1,
    });
    const view = render(
      <form data-testid="form">
        <StreamField name="course_stream_manifest" label="Trailer stream" errors={{}} />
      </form>,
    );
    const edits = vi.fn();
    view.getByTestId('form').addEventListener('editor-edit', edits);
    const value = () => new FormData(view.getByTestId('form') as HTMLFormElement).get('course_stream_manifest');
    expect(value()).toBe('');
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose a stream: Trailer stream' }));
    const choice = await screen.findByRole('button', { name: 'Choose Blues in E' }, { timeout: 2000 });
    expect(listMedia).toHaveBeenCalledWith('editor.listMedia', { query: { kind: 'stream', offset: 0 }, limit: 24 });
    // Streams are made by processing a video's file, never uploaded here.
    expect(screen.queryByText('Upload new file')).toBeNull();
    fireEvent.click(choice);
    expect(value()).toBe(MANIFEST);
    expect(edits).toHaveBeenCalledTimes(1);
    expect(screen.getByAltText('Preview of Trailer stream').getAttribute('src')).toBe(POSTER);
    expect(screen.getByText('Blues in E')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Trailer stream' }));
    expect(value()).toBe('');
    expect(edits).toHaveBeenCalledTimes(2);
  });
});
