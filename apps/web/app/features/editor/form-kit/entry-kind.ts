/**
 * What the editor pages say of one kind of entry (video, course, live stream, free resource),
 * written once per kind and read by its form, its pages and its actions (ADR 0053). The API
 * names every field of an entry with the same prefix (`course_title`, `course_published`), so the
 * kit reads an entry through `prefix`.
 */
export interface EntryKind<P extends string = string> {
  /** 'live stream': in buttons, questions and failures. */
  noun: string;
  /** The wire prefix of its fields and the key of its API answers: `stream`. */
  prefix: P;
  /** Its console list; one entry's page is `${listPage}/${id}`. */
  listPage: string;
  /** The list's name on the way back to it: 'Live streams'. */
  listLabel: string;
  /** Where its public pages live (`/live` → `/live/<slug>`); null when it has no page of its own. */
  publicPath: string | null;
  /** Where it is listed once published, when it has no page of its own (`/free-resources`). */
  listedAt?: string;
  /** The slug's hint when it has no page of its own: what the slug names instead. */
  slugHint?: string;
  /** Whether editors can preview a draft on its public page (videos and courses). */
  draftPreview: boolean;
  /** Where the public sees it once published: 'on /live'. */
  publicWhere: string;
}

/** An entry as the editor API answers it: title, slug, status and change time under its prefix. */
export type SavedEntry<P extends string> = { readonly [K in `${P}_title` | `${P}_slug`]: string } & {
  readonly [K in `${P}_published`]: boolean;
} & { readonly [K in `${P}_updated`]: Date | string | null } & { readonly [K in `${P}_slug_history`]?: readonly string[] };

/** The facts of a saved entry the kit shows, read through its kind's prefix. */
export function entryFacts<P extends string>(kind: EntryKind<P>, entry: SavedEntry<P>) {
  // The mapped type guarantees the keys; reading them by a generic prefix needs the plain record.
  const fields = entry as unknown as Readonly<Record<string, unknown>>;
  const slug = fields[`${kind.prefix}_slug`] as string;
  const published = fields[`${kind.prefix}_published`] as boolean;
  return {
    title: fields[`${kind.prefix}_title`] as string,
    slug,
    published,
    updated: fields[`${kind.prefix}_updated`] as Date | string | null,
    history: fields[`${kind.prefix}_slug_history`] as readonly string[] | undefined,
    /** Its public page, where there is one. */
    publicHref: kind.publicPath === null ? null : `${kind.publicPath}/${slug}`,
  };
}
