import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEditorCalls, createEditorTestApp, createSlugMaker, type TestUser } from '../../../../test/editor-helpers.ts';
import type { TestApp } from '../../../../test/test-app.ts';
import { CatalogueCache } from '../catalogue-cache.ts';

// An editor's write empties this process's catalogue memories before the answer, once: through the
// content version's change listener, or by itself when the version could not be moved (ADR 0062).
let t: TestApp;
let editor: TestUser;
let learner: TestUser;
const { call } = createEditorCalls(() => t);
const uniqueSlug = createSlugMaker('forget-test');
// A memory like the catalogue's own: forgetCatalogue() clears every one there is.
const memory = new CatalogueCache<number>(60_000);
const BASE = '/api/videos/editor/free-resources';

const resourceBody = () => ({
  resource_title: 'Forget Drills',
  resource_slug: uniqueSlug(),
  resource_description: 'A sheet.',
  resource_path: 'uploads/2026/forget.pdf',
  resource_image: '',
});

beforeAll(async () => {
  ({
    t,
    users: { editor, learner },
  } = await createEditorTestApp({ otherEditorRole: 'Admin' }));
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('catalogue memories after an editor write', () => {
  it('are forgotten once, by the version bump, before the editor sees the answer', async () => {
    const clear = vi.spyOn(memory, 'clear');
    const before = t.app.contentVersion.current;
    const res = await call('POST', BASE, editor.token, resourceBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(t.app.contentVersion.current).toBeGreaterThan(before);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('are still forgotten, once, when the version cannot be moved', async () => {
    const clear = vi.spyOn(memory, 'clear');
    vi.spyOn(t.app.contentVersion, 'bump').mockRejectedValueOnce(new Error('database away'));
    const res = await call('POST', BASE, editor.token, resourceBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('are kept for a read, a refused write and a bad one', async () => {
    const clear = vi.spyOn(memory, 'clear');
    expect((await call('GET', BASE, editor.token)).statusCode).toBe(200);
    expect((await call('POST', BASE, learner.token, resourceBody())).statusCode).toBe(403);
    expect((await call('POST', BASE, editor.token, { ...resourceBody(), resource_path: '' })).statusCode).toBe(400);
    expect(clear).not.toHaveBeenCalled();
  });
});
