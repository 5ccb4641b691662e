import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import {
  editEntry,
  failure,
  formText,
  idFromParam,
  localInputToWire,
  moveInOrder,
  splitForm,
  type EditorEntity,
} from './form-actions.server';
import { liveStreamKind } from '../live-stream/live-stream-kind';
import { movedOrder } from './move-buttons';

describe('catalogue form actions', () => {
  it('reads a datetime-local value as UTC and sends it as a wire date; anything else is passed on', () => {
    expect(localInputToWire('2026-05-01T19:00')).toBe('2026-05-01 19:00:00');
    expect(localInputToWire('2026-05-01T19:00:30')).toBe('2026-05-01 19:00:30');
    expect(localInputToWire(' next tuesday ')).toBe('next tuesday');
    expect(localInputToWire('')).toBe('');
  });

  it('splits the form into the bodies of its calls by name prefix, leaving out the intent', () => {
    const form = new FormData();
    form.append('intent', 'publish');
    form.append('course_title', 'Slide');
    form.append('course_videos[0]', '4');
    form.append('course_videos[1]', '2');
    form.append('course_songs', '');
    form.append('course_testimonials[0][course_testimonial_name]', 'Sam');
    const { intent, main, parts } = splitForm(form, ['course_videos', 'course_songs', 'course_testimonials'] as const);
    expect(intent).toBe('publish');
    expect([...main]).toEqual([['course_title', 'Slide']]);
    expect([...parts.course_videos]).toEqual([
      ['course_videos[0]', '4'],
      ['course_videos[1]', '2'],
    ]);
    expect([...parts.course_songs]).toEqual([['course_songs', '']]);
    expect(parts.course_testimonials.get('course_testimonials[0][course_testimonial_name]')).toBe('Sam');
    expect(splitForm(new FormData(), []).intent).toBe('save');
  });

  it('accepts only positive integer ids from the URL', () => {
    expect(idFromParam('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', undefined, '99999999999']) expect(idFromParam(bad)).toBeNull();
  });

  it('reads text fields and ignores files', () => {
    const form = new FormData();
    form.append('title', 'A');
    form.append('file', new Blob(['x']), 'x.txt');
    expect(formText(form, 'title')).toBe('A');
    expect(formText(form, 'file')).toBe('');
    expect(formText(form, 'missing')).toBe('');
  });

  it('turns an API 4xx into field errors without the repeated field label, and rethrows the rest', async () => {
    const err = new ApiError('course title: Enter a title.', 400, {
      errors: [
        { message: 'course title: Enter a title.', field: 'course_title' },
        { message: 'course videos 0: Use ids from the list.', field: 'course_videos.0' },
      ],
    });
    const result = failure(err, { noun: 'course' });
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({
      ok: false,
      message: 'The course was not saved: 2 fields need a look.',
      errors: { course_title: 'Enter a title.', 'course_videos.0': 'Use ids from the list.' },
    });
    const taken = failure(
      new ApiError('The slug “x” is already used.', 409, {
        errors: [{ message: 'The slug “x” is already used.', field: 'course_slug' }],
      }),
      { noun: 'course' },
    );
    expect(taken.data.message).toBe('The slug “x” is already used.');
    expect(() => failure(new ApiError('down', 503), { noun: 'course' })).toThrow('down');
    expect(() => failure(new Error('bug'), { noun: 'course' })).toThrow('bug');
  });

  it('counts even one field for the video form, whose summary names each field', () => {
    const one = new ApiError('Enter a title.', 400, { errors: [{ message: 'Enter a title.', field: 'video_title' }] });
    expect(failure(one, { noun: 'video', summaryNamesFields: true }).data.message).toBe(
      'The video was not saved: one field needs a look.',
    );
    expect(failure(one, { noun: 'course' }).data.message).toBe('Enter a title.');
    const refused = new ApiError('That was refused.', 409);
    expect(
      failure(refused, { noun: 'video', summaryNamesFields: true }, 'Saved as a draft, but not published').data.message,
    ).toBe('Saved as a draft, but not published: That was refused.');
  });
});

describe('moving one row of an ordered list', () => {
  it('moves an id one place up or down and refuses to move past either end', () => {
    expect(movedOrder([1, 2, 3], 2, 'up')).toEqual([2, 1, 3]);
    expect(movedOrder([1, 2, 3], 2, 'down')).toEqual([1, 3, 2]);
    expect(movedOrder([1, 2, 3], 1, 'up')).toBeNull();
    expect(movedOrder([1, 2, 3], 3, 'down')).toBeNull();
    expect(movedOrder([1, 2, 3], 9, 'up')).toBeNull();
    expect(movedOrder([1, 2, 3], 2, 'sideways')).toBeNull();
  });
});

/** An API client that records its calls and fails the one named in `failOn` (`PUT /x/published`). */
function recordingApi(failOn?: string, lists: Record<string, unknown> = {}) {
  const calls: string[] = [];
  const answer = (method: string) => async (path: string, body?: unknown) => {
    const call = `${method} ${path}`;
    calls.push(body instanceof URLSearchParams || body === undefined ? call : `${call} ${JSON.stringify(body)}`);
    if (call === failOn) throw new ApiError('That was refused.', 409);
    return method === 'GET' ? lists : {};
  };
  const api = { get: answer('GET'), put: answer('PUT'), delete: answer('DELETE') } as unknown as ApiClient;
  return { api, calls };
}

/** A live stream whose form also saves a list of its own through `/lists`, to show every step. */
const entity: EditorEntity<{ id_live_stream: number }, URLSearchParams> = {
  ...liveStreamKind,
  path: '/videos/editor/live-streams',
  idOf: (stream) => stream.id_live_stream,
  splitForm(form) {
    const { intent, main, parts } = splitForm(form, ['lists'] as const);
    return { intent, fields: main, lists: parts.lists };
  },
  saveLists: {
    save: async (api, id, lists) => void (await api.put(`/videos/editor/live-streams/${id}/lists`, lists)),
    failed: 'Lists not saved',
  },
};

/** The form as a page posts it: the pressed button's intent and the fields. */
function posted(intent: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('intent', intent);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

describe('the edit pages’ save, publish and delete', () => {
  it('saves the fields, then the entry’s own lists, then publishes, and says so', async () => {
    const { api, calls } = recordingApi();
    const result = await editEntry(api, entity, '7', posted('publish', { stream_title: 'Live' }));
    expect(calls).toEqual([
      'PUT /videos/editor/live-streams/7',
      'PUT /videos/editor/live-streams/7/lists',
      'PUT /videos/editor/live-streams/7/published {"stream_published":"true"}',
    ]);
    expect(result).toEqual({ ok: true, message: 'Saved and published.' });
  });

  it('unpublishes with false, and a plain save touches no status', async () => {
    const unpublish = recordingApi();
    expect(await editEntry(unpublish.api, entity, '7', posted('unpublish'))).toEqual({
      ok: true,
      message: 'Saved and unpublished: it is a draft again.',
    });
    expect(unpublish.calls.at(-1)).toBe('PUT /videos/editor/live-streams/7/published {"stream_published":"false"}');
    const save = recordingApi();
    expect(await editEntry(save.api, entity, '7', posted('save'))).toEqual({ ok: true, message: 'Saved.' });
    expect(save.calls).toEqual(['PUT /videos/editor/live-streams/7', 'PUT /videos/editor/live-streams/7/lists']);
  });

  it('stops at the first refusal and says how far it got', async () => {
    const fields = recordingApi('PUT /videos/editor/live-streams/7');
    const refused = (await editEntry(fields.api, entity, '7', posted('publish'))) as unknown as {
      data: { message: string };
    };
    expect(refused.data.message).toBe('That was refused.');
    expect(fields.calls).toHaveLength(1);

    const lists = recordingApi('PUT /videos/editor/live-streams/7/lists');
    const some = (await editEntry(lists.api, entity, '7', posted('publish'))) as unknown as { data: { message: string } };
    expect(some.data.message).toBe('Lists not saved: That was refused.');

    const status = recordingApi('PUT /videos/editor/live-streams/7/published');
    const half = (await editEntry(status.api, entity, '7', posted('publish'))) as unknown as {
      data: { message: string };
    };
    expect(half.data.message).toBe('Saved, but the status did not change: That was refused.');
  });

  it('deletes and goes back to the list naming what went; a refusal stays on the page', async () => {
    const form = posted('delete', { title: 'Friday Blues & Q&A' });
    const { api } = recordingApi();
    const gone = (await editEntry(api, entity, '7', form)) as Response;
    expect(gone.status).toBe(302);
    expect(gone.headers.get('location')).toBe('/staff/content/live?deleted=Friday%20Blues%20%26%20Q%26A');

    const kept = recordingApi('DELETE /videos/editor/live-streams/7');
    const refused = (await editEntry(kept.api, entity, '7', form)) as unknown as { data: { message: string } };
    expect(refused.data.message).toBe('The live stream was not deleted: That was refused.');
  });

  it('moves one entry and sends the whole new order', async () => {
    const form = new FormData();
    form.append('intent', 'move');
    form.append('id', '3');
    form.append('direction', 'up');
    const { api, calls } = recordingApi(undefined, { courses: [{ id_course: 1 }, { id_course: 2 }, { id_course: 3 }] });
    const moveSpec = {
      listPath: '/videos/editor/courses',
      listKey: 'courses',
      idKey: 'id_course',
      orderPath: '/videos/editor/courses/order',
      orderKey: 'id_courses',
      noun: 'course',
    };
    expect(await moveInOrder(api, form, moveSpec)).toEqual({ ok: true });
    expect(calls).toEqual(['GET /videos/editor/courses', 'PUT /videos/editor/courses/order {"id_courses":[1,3,2]}']);
  });
});
