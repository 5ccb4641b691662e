import { data, redirect } from 'react-router';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { movedOrder } from './move-buttons';
import type { EditorFormResult, FieldErrors } from './fields';

/**
 * The API words validation errors as `course title: Enter a title.` so a message read alone names
 * its field; beside the field itself the label is already there, so it is dropped.
 */
function withoutFieldLabel(field: string, message: string): string {
  const label = `${field.replace(/\./g, ' ').replace(/_/g, ' ')}: `;
  return message.startsWith(label) ? message.slice(label.length) : message;
}

/** A 4xx from the API as the form shows it: the first message on top, each field's message beside it. */
export function failure(err: unknown, noun: string, prefix?: string) {
  if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) throw err;
  const errors: FieldErrors = {};
  for (const e of err.body?.errors ?? []) {
    if (e.field && !errors[e.field]) errors[e.field] = withoutFieldLabel(e.field, e.message);
  }
  const count = Object.keys(errors).length;
  const first = err.body?.errors[0];
  const text = first?.field ? (errors[first.field] ?? err.message) : err.message;
  const message =
    count > 1 ? `${prefix ?? `The ${noun} was not saved`}: ${count} fields need a look.` : prefix ? `${prefix}: ${text}` : text;
  return data<EditorFormResult>({ ok: false, message, errors }, { status: err.status });
}

/** A text field of a submitted form ('' when missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** A positive integer id from a route parameter, or null (the page then answers 404). */
export function idFromParam(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The form's fields as the API's bodies: those whose name starts with one of `groups`' prefixes go
 * to that group, the rest to `main`. `intent` says which button was pressed.
 */
export function splitForm<G extends string>(
  form: FormData,
  groups: readonly G[],
): { intent: string; main: URLSearchParams; parts: Record<G, URLSearchParams> } {
  const main = new URLSearchParams();
  const parts = Object.fromEntries(groups.map((g) => [g, new URLSearchParams()])) as Record<G, URLSearchParams>;
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string' || key === 'intent') continue;
    const group = groups.find((g) => key === g || key.startsWith(`${g}[`));
    (group ? parts[group] : main).append(key, value);
  }
  return { intent: formText(form, 'intent') || 'save', main, parts };
}

/**
 * A `datetime-local` value (`2026-05-01T19:00`), read as UTC like every time the site shows
 * (ADR 0030), as a spec §7 wire date; anything else is passed on for the API to refuse.
 */
export function localInputToWire(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(value.trim());
  return match ? `${match[1]} ${match[2]}:${match[3] ?? '00'}` : value.trim();
}

/** What a list page's up/down buttons reorder (ADR 0037 "Ordering"). */
export interface OrderedListSpec {
  /** The editor list call and the key its answer holds the items under. */
  listPath: string;
  listKey: string;
  idKey: string;
  /** The order call and the key it takes the whole list of ids under. */
  orderPath: string;
  orderKey: string;
  /** 'course', 'resource': for 'That course cannot move further.' */
  noun: string;
}

/**
 * A list page's move action: reads the current order, moves the one id the form names and sends
 * the whole new list, which the API refuses if it has gone stale meanwhile.
 */
export async function moveInOrder(api: ApiClient, form: FormData, spec: OrderedListSpec) {
  if (form.get('intent') !== 'move') return data({ ok: false, message: 'Unknown action.' }, { status: 400 });
  try {
    const answer = await api.get<Record<string, Record<string, unknown>[] | undefined>>(spec.listPath);
    const ids = (answer[spec.listKey] ?? []).map((item) => Number(item[spec.idKey]));
    const next = movedOrder(ids, Number(formText(form, 'id')), formText(form, 'direction'));
    if (!next) return data({ ok: false, message: `That ${spec.noun} cannot move further.` }, { status: 400 });
    await api.put(spec.orderPath, { [spec.orderKey]: next });
    return { ok: true };
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined && err.status < 500) {
      return data({ ok: false, message: err.message }, { status: err.status });
    }
    throw err;
  }
}

/** One course, live stream or free resource as its edit page's action reaches it. */
export interface EditorEntrySpec {
  /** Its editor call, e.g. `/videos/editor/live-streams/12`. */
  base: string;
  /** 'live stream': for the texts of failures. */
  noun: string;
  /** The console list it goes back to once deleted. */
  listPage: string;
  /** The field of its `…/published` call: `stream_published`. */
  publishedKey: string;
}

/** Delete: the entry goes, and its list page says which one. */
export async function deleteEntry(api: ApiClient, form: FormData, spec: EditorEntrySpec) {
  try {
    await api.delete(spec.base);
  } catch (err) {
    return failure(err, spec.noun, `The ${spec.noun} was not deleted`);
  }
  return redirect(`${spec.listPage}?deleted=${encodeURIComponent(formText(form, 'title'))}`);
}

const SAVED_TEXT: Record<string, string> = {
  publish: 'Saved and published.',
  unpublish: 'Saved and unpublished: it is a draft again.',
};

/**
 * Every button saves the whole form first, so nothing typed is lost: the fields, then whatever
 * else the entry keeps in calls of its own (`also`, a course's lists); then it publishes or
 * unpublishes when the button asked for it.
 */
export async function saveEntry(
  api: ApiClient,
  spec: EditorEntrySpec,
  intent: string,
  fields: URLSearchParams,
  also?: { save: () => Promise<unknown>; failed: string },
) {
  try {
    await api.put(spec.base, fields);
  } catch (err) {
    return failure(err, spec.noun);
  }
  if (also) {
    try {
      await also.save();
    } catch (err) {
      return failure(err, spec.noun, also.failed);
    }
  }
  try {
    if (intent === 'publish' || intent === 'unpublish') {
      await api.put(`${spec.base}/published`, { [spec.publishedKey]: String(intent === 'publish') });
    }
  } catch (err) {
    return failure(err, spec.noun, 'Saved, but the status did not change');
  }
  return { ok: true, message: SAVED_TEXT[intent] ?? 'Saved.' } satisfies EditorFormResult;
}
