import { data } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import type { FieldErrors } from '../form-kit/fields';
import type { VideoFormResult } from './video-form';

/**
 * The video form's fields go to the API as they are (their names are the API's bracket keys), split
 * between the video call and the courses call; `intent` says which button was pressed.
 */
export function splitVideoForm(form: FormData): { intent: string; video: URLSearchParams; courses: URLSearchParams } {
  const video = new URLSearchParams();
  const courses = new URLSearchParams();
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string' || key === 'intent') continue;
    (key === 'courses' || key.startsWith('courses[') ? courses : video).append(key, value);
  }
  const intent = form.get('intent');
  return { intent: typeof intent === 'string' ? intent : 'save', video, courses };
}

/** A 4xx from the API as the form shows it: the first message on top, each field's message beside it. */
export function failure(err: unknown, prefix?: string) {
  if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) throw err;
  const errors: FieldErrors = {};
  for (const e of err.body?.errors ?? []) {
    if (!e.field || errors[e.field]) continue;
    // Validation texts arrive as "video title: Enter a title."; beside the field the name is noise.
    const named = `${e.field.replace(/_/g, ' ')}: `;
    errors[e.field] = e.message.startsWith(named) ? e.message.slice(named.length) : e.message;
  }
  const count = Object.keys(errors).length;
  const what = prefix ?? 'The video was not saved';
  const message = count
    ? `${what}: ${count === 1 ? 'one field needs' : `${count} fields need`} a look.`
    : prefix
      ? `${prefix}: ${err.message}`
      : err.message;
  return data<VideoFormResult>({ ok: false, message, errors }, { status: err.status });
}

export function idFromParams(params: { idVideo?: string }): number | null {
  const id = Number(params.idVideo);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}
