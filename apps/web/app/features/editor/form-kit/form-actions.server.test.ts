import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { failure, formText, idFromParam, localInputToWire, splitForm } from './form-actions.server';
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
