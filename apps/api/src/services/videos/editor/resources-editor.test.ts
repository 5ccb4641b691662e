import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorFreeResource, FreeResource } from '@fretline/contract';
import {
  createEditorCalls,
  createEditorTestApp,
  createSlugMaker,
  findAuditEntries,
  type EditorTestBody,
  type TestUser,
} from '../../../../test/editor-helpers.ts';
import type { TestApp } from '../../../../test/test-app.ts';

/** The wire bodies these tests read. */
type Body = EditorTestBody<{ resource: EditorFreeResource; resources: EditorFreeResource[] & FreeResource[] }>;

let t: TestApp;
let editor: TestUser;
let superadmin: TestUser;
let staff: TestUser;
let learner: TestUser;

const BASE = '/api/videos/editor/free-resources';
// Seeded demo content (packages/db/src/seed/catalogue.ts).
const SEEDED_RESOURCE = 'first-chords-chart';

const { call, callForm } = createEditorCalls(() => t);

const uniqueSlug = createSlugMaker('resource-test');

function resourceBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    resource_title: 'Chord Change Drills',
    resource_slug: uniqueSlug(),
    resource_description: 'Sixty-second changes, printed.',
    resource_path: 'uploads/2026/chord-drills.PDF',
    resource_image: '',
    ...overrides,
  };
}

async function createResource(overrides: Record<string, unknown> = {}): Promise<EditorFreeResource> {
  const res = await call('POST', BASE, editor.token, resourceBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>().data.resource;
}

const auditFor = (id: number | string) => findAuditEntries(t.db, 'free_resource', id);

const publicSlugs = async () =>
  (await call('GET', '/api/videos/free-resources')).json<Body>().data.resources.map((r) => r.resource_slug);

beforeAll(async () => {
  ({
    t,
    users: { editor, otherEditor: superadmin, staff, learner },
  } = await createEditorTestApp({ otherEditorRole: 'Superadmin' }));
});
afterAll(async () => {
  await t.close();
});

describe('guards', () => {
  it('answers 401 signed out and 403 to Staff and learners, before looking at the body', async () => {
    expect((await call('GET', BASE)).statusCode).toBe(401);
    expect((await call('GET', BASE, staff.token)).statusCode).toBe(403);
    expect((await call('POST', BASE, learner.token, {})).statusCode).toBe(403);
    expect((await call('PUT', `${BASE}/order`, staff.token, { id_free_resources: [1] })).statusCode).toBe(403);
    expect((await call('GET', BASE, superadmin.token)).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids', async () => {
    expect((await call('GET', `${BASE}/999999`, editor.token)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/999999`, editor.token, resourceBody())).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/999999/published`, editor.token, { resource_published: true })).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/999999`, editor.token)).statusCode).toBe(404);
  });
});

describe('create, read and update', () => {
  it('creates a draft last in order, with the extension from the file; the public list hides it', async () => {
    const res = await callForm('POST', BASE, editor.token, resourceBody());
    expect(res.statusCode, res.body).toBe(201);
    const resource = res.json<Body>().data.resource;
    expect(resource).toMatchObject({ resource_published: false, resource_extension: 'pdf', resource_image: null });
    expect(resource.resource_url_signed).toMatch(/sig=/);
    const list = (await call('GET', BASE, editor.token)).json<Body>().data.resources;
    expect(list.at(-1)?.id_free_resource).toBe(resource.id_free_resource);
    expect(await publicSlugs()).not.toContain(resource.resource_slug);
    expect((await auditFor(resource.id_free_resource)).map((a) => a.auditAction)).toEqual(['free_resource.create']);
    const one = await call('GET', `${BASE}/${resource.id_free_resource}`, editor.token);
    expect(one.json<Body>().data.resource.resource_slug).toBe(resource.resource_slug);
  });

  it('refuses a missing file, a file without an extension and an unsafe path', async () => {
    for (const [path, message] of [
      ['', 'Upload the file to download.'],
      ['uploads/readme', 'The file needs an extension, like .pdf.'],
      ['../etc/passwd.txt', undefined],
    ] as const) {
      const res = await call('POST', BASE, editor.token, resourceBody({ resource_path: path }));
      expect(res.statusCode).toBe(400);
      expect(res.json<Body>().errors[0]?.field).toBe('resource_path');
      if (message) expect(res.json<Body>().errors[0]?.message).toContain(message);
    }
  });

  it('keeps the description as sanitised HTML: plain text becomes a paragraph, a script goes', async () => {
    const plain = await createResource({ resource_description: 'Print it & practise.' });
    expect(plain.resource_description).toBe('<p>Print it &amp; practise.</p>');
    const rich = await createResource({
      resource_description: '<p>Drills <strong>daily</strong></p><script>alert(1)</script><ul><li>one</li></ul>',
    });
    expect(rich.resource_description).toBe('<p>Drills <strong>daily</strong></p><ul><li>one</li></ul>');
    const unsafe = await call('POST', BASE, editor.token, resourceBody({ resource_description: '<script>alert(1)</script>' }));
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe('resource_description');
  });

  it('refuses a taken slug with a 409', async () => {
    const res = await call('POST', BASE, editor.token, resourceBody({ resource_slug: SEEDED_RESOURCE }));
    expect(res.statusCode).toBe(409);
    expect(res.json<Body>().errors[0]).toMatchObject({ field: 'resource_slug', code: 'SLUG_TAKEN' });
  });

  it('updates the fields, audits what changed, and refuses bad input without change', async () => {
    const resource = await createResource();
    const res = await call('PUT', `${BASE}/${resource.id_free_resource}`, editor.token, {
      ...resourceBody({ resource_slug: resource.resource_slug }),
      resource_path: 'uploads/2026/chord-drills.zip',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.resource).toMatchObject({ resource_extension: 'zip' });
    const audit = (await auditFor(resource.id_free_resource)).find((a) => a.auditAction === 'free_resource.update');
    expect(Object.keys(audit!.auditDiff as object).sort()).toEqual(['resource_extension', 'resource_path']);
    const taken = await call(
      'PUT',
      `${BASE}/${resource.id_free_resource}`,
      editor.token,
      resourceBody({ resource_slug: SEEDED_RESOURCE }),
    );
    expect(taken.statusCode).toBe(409);
    const bad = await call('PUT', `${BASE}/${resource.id_free_resource}`, editor.token, resourceBody({ resource_title: '' }));
    expect(bad.statusCode).toBe(400);
    const after = (await call('GET', `${BASE}/${resource.id_free_resource}`, editor.token)).json<Body>().data.resource;
    expect(after.resource_slug).toBe(resource.resource_slug);
  });
});

describe('publish, order and delete', () => {
  it('publishing shows the resource on the public list; unpublishing hides it (the public call hides drafts)', async () => {
    const resource = await createResource();
    await call('PUT', `${BASE}/${resource.id_free_resource}/published`, editor.token, { resource_published: true });
    expect(await publicSlugs()).toContain(resource.resource_slug);
    // A seeded, published resource taken back to a draft disappears from the public page too.
    const seeded = (await call('GET', BASE, editor.token))
      .json<Body>()
      .data.resources.find((r) => r.resource_slug === SEEDED_RESOURCE)!;
    await callForm('PUT', `${BASE}/${seeded.id_free_resource}/published`, editor.token, { resource_published: 'false' });
    expect(await publicSlugs()).not.toContain(SEEDED_RESOURCE);
    await call('PUT', `${BASE}/${seeded.id_free_resource}/published`, editor.token, { resource_published: true });
    expect(await publicSlugs()).toContain(SEEDED_RESOURCE);
    expect((await auditFor(seeded.id_free_resource)).map((a) => a.auditAction)).toEqual([
      'free_resource.unpublish',
      'free_resource.publish',
    ]);
  });

  it('reorders every resource and the public list follows; a stale list is a 409', async () => {
    const ids = (await call('GET', BASE, editor.token)).json<Body>().data.resources.map((r) => r.id_free_resource);
    const reversed = [...ids].reverse();
    const res = await callForm('PUT', `${BASE}/order`, editor.token, { id_free_resources: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.resources.map((r) => r.id_free_resource)).toEqual(reversed);
    const publicIds = (await call('GET', '/api/videos/free-resources'))
      .json<Body>()
      .data.resources.map((r) => r.id_free_resource);
    expect(publicIds).toEqual(reversed.filter((id) => publicIds.includes(id)));
    expect((await auditFor('all')).map((a) => a.auditAction)).toContain('free_resource.order.set');
    expect((await call('PUT', `${BASE}/order`, editor.token, { id_free_resources: ids.slice(1) })).statusCode).toBe(409);
    expect((await call('PUT', `${BASE}/order`, editor.token, { id_free_resources: '' })).statusCode).toBe(400);
  });

  it('deletes a resource (audited) and it is gone from both lists', async () => {
    const resource = await createResource();
    await call('PUT', `${BASE}/${resource.id_free_resource}/published`, editor.token, { resource_published: true });
    expect((await call('DELETE', `${BASE}/${resource.id_free_resource}`, editor.token)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${resource.id_free_resource}`, editor.token)).statusCode).toBe(404);
    expect(await publicSlugs()).not.toContain(resource.resource_slug);
    expect((await auditFor(resource.id_free_resource)).map((a) => a.auditAction)).toContain('free_resource.delete');
  });
});
