import { data, redirect } from 'react-router';
import type { CallName } from '@fretline/contract/api-addresses';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { readCreateOutcome } from './editor-page-header';
import type { EntryKind } from './entry-kind';
import type { EditorFormResult, FieldErrors } from './fields';
import { movedOrder } from './move-buttons';

/**
 * The actions of the four entry editors (videos, courses, live streams, free resources) in one
 * shape (ADR 0053): each entry names itself once as an `EditorEntity`, and its pages' loaders and
 * actions are the functions below. Every button saves the whole form first, so nothing typed is
 * lost (ADR 0037).
 */

/** The form's fields split into the bodies of an entry's calls; `intent` says which button was pressed. */
interface EntryForm<L = undefined> {
  intent: string;
  /** The entry's own fields, for its create and update calls. */
  fields: URLSearchParams;
  /** What it keeps in calls of its own (a course's lessons and testimonials, a video's courses). */
  lists: L;
}

/** The declared calls (packages/contract/src/api) that read and write one kind of entry. */
interface EntryCalls {
  get: CallName;
  create: CallName;
  update: CallName;
  setPublished: CallName;
  delete: CallName;
}

/** An entry kind as its pages' loaders and actions reach it: its kind, its calls, its form's bodies. */
export interface EditorEntity<E, L = undefined> extends EntryKind {
  /** Its declared calls; each answers with the entry under its prefix (`{ stream: … }`). */
  calls: EntryCalls;
  /** The name of its id in the calls' paths: `idLiveStream`. */
  idParam: string;
  idOf: (entry: E) => number;
  splitForm: (form: FormData) => EntryForm<L>;
  /** Saves the entry's lists after its fields, when it has any. */
  saveLists?: { save: (api: ApiClient, id: number, lists: L, isNew: boolean) => Promise<void>; failed: string };
  /** The text when the fields were saved but publishing or unpublishing was refused. */
  statusFailed?: string;
  /** The video form names every field in its summary, so its head line counts even one. */
  summaryNamesFields?: boolean;
}

/** What the shared steps read of an entity: its names and texts, not its types. */
type EntityNames = Pick<
  EditorEntity<unknown, unknown>,
  'noun' | 'prefix' | 'calls' | 'idParam' | 'listPage' | 'statusFailed' | 'summaryNamesFields'
>;

/**
 * One of an entry's declared calls, by name. The steps below are shared by the four kinds, so they
 * pass the parts every entry call takes (the id, a form body) and read the entry by its prefix;
 * each call's own types and response check come from its declaration.
 */
function callEntry(
  api: ApiClient,
  name: CallName,
  input: { params?: Record<string, number>; body?: URLSearchParams | Record<string, unknown> },
): Promise<Record<string, unknown>> {
  return (api.call as (name: CallName, input: object) => Promise<Record<string, unknown> | undefined>)(name, input).then(
    (answer) => answer ?? {},
  );
}

/**
 * The API words validation errors as `course title: Enter a title.` so a message read alone names
 * its field; beside the field itself the label is already there, so it is dropped.
 */
function withoutFieldLabel(field: string, message: string): string {
  const label = `${field.replace(/\./g, ' ').replace(/_/g, ' ')}: `;
  return message.startsWith(label) ? message.slice(label.length) : message;
}

/** A 4xx from the API as the form shows it: the first message on top, each field's message beside it. */
export function failure(err: unknown, entity: Pick<EntityNames, 'noun' | 'summaryNamesFields'>, prefix?: string) {
  if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) throw err;
  const errors: FieldErrors = {};
  for (const e of err.body?.errors ?? []) {
    if (e.field && !errors[e.field]) errors[e.field] = withoutFieldLabel(e.field, e.message);
  }
  const count = Object.keys(errors).length;
  const first = err.body?.errors[0];
  const text = first?.field ? (errors[first.field] ?? err.message) : err.message;
  const head = prefix ?? `The ${entity.noun} was not saved`;
  const counted = count > 1 || (count === 1 && entity.summaryNamesFields);
  const message = counted
    ? `${head}: ${count === 1 ? 'one field needs' : `${count} fields need`} a look.`
    : prefix
      ? `${prefix}: ${text}`
      : text;
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

/** The id of a route parameter, or the 404 page. */
function requireId(value: string | undefined): number {
  const id = idFromParam(value);
  if (!id) throw data(null, { status: 404 });
  return id;
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
 * (ADR 0030), as a wire date (product.md#calls); anything else is passed on for the API to refuse.
 */
export function localInputToWire(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/.exec(value.trim());
  return match ? `${match[1]} ${match[2]}:${match[3] ?? '00'}` : value.trim();
}

/** An edit page's loader: the entry named by the route parameter (404 when there is none) and how its creation went. */
export async function loadEntry<E, L>(api: ApiClient, entity: EditorEntity<E, L>, param: string | undefined, requestUrl: string) {
  const id = requireId(param);
  try {
    const answer = await callEntry(api, entity.calls.get, { params: { [entity.idParam]: id } });
    return { entry: answer[entity.prefix] as E, ...readCreateOutcome(requestUrl) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

/** Delete: the entry goes, and its list page says which one. */
async function deleteEntry(api: ApiClient, entity: EntityNames, id: number, form: FormData) {
  try {
    await callEntry(api, entity.calls.delete, { params: { [entity.idParam]: id } });
  } catch (err) {
    return failure(err, entity, `The ${entity.noun} was not deleted`);
  }
  return redirect(`${entity.listPage}?deleted=${encodeURIComponent(formText(form, 'title'))}`);
}

const SAVED_TEXT: Record<string, string> = {
  publish: 'Saved and published.',
  unpublish: 'Saved and unpublished: it is a draft again.',
};

/** Publishes or unpublishes when the button asked for it. */
async function setPublished(api: ApiClient, entity: EntityNames, id: number, intent: string) {
  if (intent !== 'publish' && intent !== 'unpublish') return;
  await callEntry(api, entity.calls.setPublished, {
    params: { [entity.idParam]: id },
    body: { [`${entity.prefix}_published`]: String(intent === 'publish') },
  });
}

/**
 * An edit page's action. Delete is its own form; every other button saves the fields, then the
 * entry's lists, then publishes or unpublishes when asked, stopping at the first refusal.
 */
export async function editEntry<E, L>(api: ApiClient, entity: EditorEntity<E, L>, param: string | undefined, form: FormData) {
  const id = requireId(param);
  if (form.get('intent') === 'delete') return deleteEntry(api, entity, id, form);
  const { intent, fields, lists } = entity.splitForm(form);
  let updated: Date | string | null;
  try {
    const answer = await callEntry(api, entity.calls.update, { params: { [entity.idParam]: id }, body: fields });
    updated = ((answer[entity.prefix] ?? {}) as Record<string, Date | string | null>)[`${entity.prefix}_updated`] ?? null;
  } catch (err) {
    return failure(err, entity);
  }
  if (entity.saveLists) {
    try {
      await entity.saveLists.save(api, id, lists, false);
    } catch (err) {
      return failure(err, entity, entity.saveLists.failed);
    }
  }
  try {
    await setPublished(api, entity, id, intent);
  } catch (err) {
    return failure(err, entity, entity.statusFailed ?? 'Saved, but the status did not change');
  }
  return { ok: true, message: SAVED_TEXT[intent] ?? 'Saved.', updated } satisfies EditorFormResult;
}

/**
 * A new page's action: creates the draft, then saves its lists and publishes it when asked. Once
 * the draft exists, a later step that fails sends the editor to its page with the reason.
 */
export async function createEntry<E, L>(api: ApiClient, entity: EditorEntity<E, L>, form: FormData) {
  const { intent, fields, lists } = entity.splitForm(form);
  let id: number;
  try {
    id = entity.idOf((await callEntry(api, entity.calls.create, { body: fields }))[entity.prefix] as E);
  } catch (err) {
    return failure(err, entity);
  }
  const page = `${entity.listPage}/${id}`;
  try {
    await entity.saveLists?.save(api, id, lists, true);
    if (intent !== 'publish') return redirect(`${page}?done=created`);
    await setPublished(api, entity, id, intent);
    return redirect(`${page}?done=published`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) throw err;
    return redirect(`${page}?done=created&problem=${encodeURIComponent(err.message)}`);
  }
}

/** What a list page's up/down buttons reorder (ADR 0037 "Ordering"). */
export interface OrderedListSpec {
  /** The editor list call and the key its answer holds the items under. */
  listCall: 'editor.listCourses' | 'editor.listFreeResources';
  listKey: string;
  idKey: string;
  /** The order call and the key it takes the whole list of ids under. */
  orderCall: 'editor.setCourseOrder' | 'editor.setFreeResourceOrder';
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
    const answer = (await api.call(spec.listCall)) as Record<string, readonly Record<string, unknown>[] | undefined>;
    const ids = (answer[spec.listKey] ?? []).map((item) => Number(item[spec.idKey]));
    const next = movedOrder(ids, Number(formText(form, 'id')), formText(form, 'direction'));
    if (!next) return data({ ok: false, message: `That ${spec.noun} cannot move further.` }, { status: 400 });
    await callEntry(api, spec.orderCall, { body: { [spec.orderKey]: next } });
    return { ok: true };
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined && err.status < 500) {
      return data({ ok: false, message: err.message }, { status: err.status });
    }
    throw err;
  }
}
