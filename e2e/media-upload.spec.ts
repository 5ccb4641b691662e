import { expect, test, type Page } from '@playwright/test';
import { signInContext } from './support/auth.ts';

// Media uploads (ADR 0039) in a real browser: an editor's cookie session uploads with
// XMLHttpRequest progress, the stored image loads from its signed URL, and a refused upload's
// text reaches the page even when the server answers before it has read the whole body.

/** A valid 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface Outcome {
  status: number;
  body: { data?: { media_path: string; url: string; content_type: string; bytes: number }; errors?: { message: string }[] };
  progressEvents: number;
}

/**
 * Uploads from the page as MediaUpload does: the raw file, cookie auth, upload progress. The
 * browser code is a string because this project's type checking has no DOM types.
 */
function uploadFromPage(page: Page, file: { name: string; base64?: string; padBytes?: number; text?: string }) {
  const script = `new Promise((resolve) => {
    const file = ${JSON.stringify(file)};
    const parts = [];
    if (file.base64) parts.push(Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0)));
    if (file.text) parts.push(file.text);
    if (file.padBytes) parts.push(new Uint8Array(file.padBytes));
    const xhr = new XMLHttpRequest();
    let progressEvents = 0;
    xhr.upload.onprogress = () => (progressEvents += 1);
    xhr.open('POST', '/api/videos/editor/uploads?filename=' + encodeURIComponent(file.name));
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.onload = () => resolve({ status: xhr.status, body: JSON.parse(xhr.responseText), progressEvents });
    xhr.onerror = () => resolve({ status: 0, body: {}, progressEvents });
    xhr.send(new Blob(parts));
  })`;
  return page.evaluate<Outcome>(script);
}

/** The natural width of an image loaded from `url`, or -1 when it does not load. */
function imageWidth(page: Page, url: string) {
  return page.evaluate<number>(`new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth);
    img.onerror = () => resolve(-1);
    img.src = ${JSON.stringify(url)};
  })`);
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ context, baseURL, page }) => {
  // The desktop and phone workers each sign the editor in: the second waits out the one-code-a-minute limit.
  test.setTimeout(120_000);
  await signInContext(context, baseURL, 'editor@example.com');
  await page.goto('/');
});

test('an editor uploads an image with progress and it loads from its signed URL', async ({ page }) => {
  const outcome = await uploadFromPage(page, { name: 'Poster Image.png', base64: PNG_BASE64, padBytes: 3 * 1024 * 1024 });
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(201);
  expect(outcome.progressEvents).toBeGreaterThan(0);
  const data = outcome.body.data!;
  expect(data.media_path).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{16}-poster-image\.png$/);
  expect(data.content_type).toBe('image/png');

  const width = await imageWidth(page, data.url);
  expect(width).toBe(1);
});

test("a refused upload's text reaches the page", async ({ page }) => {
  const mismatch = await uploadFromPage(page, {
    name: 'lesson.mp4',
    text: '<html>not a video</html>',
    padBytes: 4 * 1024 * 1024,
  });
  expect(mismatch.status).toBe(415);
  expect(mismatch.body.errors?.[0]?.message).toBe("That file's contents are not a .mp4 file. Check the file and try again.");

  const tooLarge = await uploadFromPage(page, { name: 'huge.png', base64: PNG_BASE64, padBytes: 11 * 1024 * 1024 });
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.body.errors?.[0]?.message).toBe('That image is too large: the limit is 10 MB.');
});

test('the video form uploads a card poster with MediaUpload and submits its media path @phone', async ({ page }) => {
  await page.goto('/staff/content/videos/new');
  const picker = page.getByLabel('Card poster', { exact: true });
  await picker.setInputFiles({
    name: 'Blues Poster.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(2 * 1024 * 1024)]),
  });
  await expect(page.getByRole('img', { name: 'Preview of Card poster' })).toBeVisible();
  await expect(page.getByText('Uploaded, 2 MB')).toBeVisible();
  const hidden = page.locator('input[type="hidden"][name="video_image"]');
  await expect(hidden).toHaveValue(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{16}-blues-poster\.png$/);

  // A type the field does not take is refused in the page, before anything is sent.
  await picker.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByRole('alert').filter({ hasText: 'This field takes' })).toBeVisible();

  await page.getByRole('button', { name: 'Remove Card poster' }).click();
  await expect(hidden).toHaveValue('');
});
