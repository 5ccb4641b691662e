import { useState } from 'react';
import { slugify } from '@fretline/contract';
import { TextInput, type FieldErrors } from './fields';

export interface TitleSlugFieldsProps {
  /** The wire prefix of the two fields: `video` for `video_title` and `video_slug`. */
  prefix: 'video' | 'course' | 'stream' | 'resource';
  /** What is saved, or undefined for a new entry. */
  saved: { title: string; slug: string; history?: readonly string[] } | undefined;
  /** The public path the slug ends (`/videos`); null for an entry without a page of its own. */
  publicPath: string | null;
  /** The hint under the slug when the entry has no page (what the slug names instead). */
  hintWithoutPage?: string;
  errors: FieldErrors;
}

/**
 * An entry's title and slug (ADR 0037): a new entry's slug follows its title until the editor
 * types one; the hint shows the public address and, once saved, that changing it keeps the old
 * one working as a redirect, and the earlier addresses that still do are listed.
 */
export function TitleSlugFields({ prefix, saved, publicPath, hintWithoutPage, errors }: TitleSlugFieldsProps) {
  const [title, setTitle] = useState(saved?.title ?? '');
  const [slug, setSlug] = useState(saved?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(Boolean(saved));
  const slugHint =
    publicPath === null
      ? hintWithoutPage
      : saved
        ? `The address: ${publicPath}/${slug}. Changing it keeps ${publicPath}/${saved.slug} working as a redirect.`
        : `The address: ${publicPath}/${slug || 'your-slug'}. Lowercase letters, numbers and hyphens.`;
  return (
    <>
      <TextInput
        name={`${prefix}_title`}
        label="Title"
        errors={errors}
        required
        maxLength={200}
        value={title}
        onChange={(e) => {
          const next = e.currentTarget.value;
          setTitle(next);
          if (!slugTouched) setSlug(slugify(next));
        }}
      />
      <TextInput
        name={`${prefix}_slug`}
        label="Slug"
        hint={slugHint}
        errors={errors}
        required
        value={slug}
        onChange={(e) => {
          setSlug(e.currentTarget.value);
          setSlugTouched(true);
        }}
        autoCapitalize="off"
        spellCheck={false}
        className="font-mono"
        maxLength={120}
      />
      {publicPath !== null && saved?.history?.length ? (
        <p className="text-sm text-stone-600">
          Earlier addresses that redirect here:{' '}
          {saved.history.map((s, i) => (
            <span key={s}>
              {i ? ', ' : ''}
              <code className="font-mono break-all">
                {publicPath}/{s}
              </code>
            </span>
          ))}
        </p>
      ) : null}
    </>
  );
}
