import { useId, useState } from 'react';
import { slugify, type VideoTag } from '@fretline/contract';
import { Button, inputClasses } from '../../../components/ui';
import { ErrorText, fieldId, type FieldErrors } from '../form-kit/fields';
import { useEditorList } from '../form-kit/repeatable-list';

/**
 * Free tags (the /videos?tags= filter). A name typed that matches a tag in use takes its slug, so
 * the same tag is not made twice; a new name gets its slug from the server.
 */
export function TagsEditor({
  tags,
  known,
  errors,
}: {
  tags: readonly VideoTag[];
  known: readonly VideoTag[];
  errors: FieldErrors;
}) {
  const list = useEditorList<{ name: string; slug: string | null }>(
    tags.map((t) => ({ name: t.tag_name ?? t.tag_slug, slug: t.tag_slug })),
    'tag',
  );
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const listId = `${useId()}-tags`;
  const inputId = fieldId('video_tags');

  function addTag() {
    const name = text.trim();
    if (!name) return;
    const slug = slugify(name);
    if (!slug) {
      setProblem('Use letters or numbers in a tag.');
      return;
    }
    if (list.items.some((t) => (t.value.slug ?? slugify(t.value.name)) === slug)) {
      setProblem(`“${name}” is already a tag of this video.`);
      return;
    }
    const existing = known.find((k) => k.tag_slug === slug || k.tag_name?.toLowerCase() === name.toLowerCase());
    list.add({ name: existing?.tag_name ?? name, slug: existing?.tag_slug ?? null }, { said: `Tag ${name} added.` });
    setText('');
    setProblem('');
  }

  const tagError = Object.entries(errors).find(([k]) => k.startsWith('video_tags'))?.[1];

  return (
    <div className="space-y-2">
      <label htmlFor={inputId} className="block text-sm font-semibold text-ink-900">
        Tags
      </label>
      <p id={`${inputId}-hint`} className="text-sm text-stone-600">
        Type a tag and press Enter. Tags in use are suggested.
      </p>
      {list.items.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Tags of this video">
          {list.items.map((item, i) => (
            <li
              key={item.key}
              className="inline-flex items-center gap-1 rounded-full bg-stone-100 py-1 pr-1 pl-3 text-sm text-ink-900 ring-1 ring-stone-200"
            >
              {item.value.name}
              <input type="hidden" name={`video_tags[${i}][tag_name]`} value={item.value.name} />
              <input type="hidden" name={`video_tags[${i}][tag_slug]`} value={item.value.slug ?? ''} />
              <button
                type="button"
                id={`${item.key}-remove`}
                onClick={() =>
                  list.remove(item.key, { focus: (n) => (n ? `${n}-remove` : inputId), said: `Tag ${item.value.name} removed.` })
                }
                aria-label={`Remove tag ${item.value.name}`}
                className="flex size-7 items-center justify-center rounded-full text-stone-500 hover:bg-stone-200 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <input
          id={inputId}
          list={listId}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setProblem('');
          }}
          onKeyDown={(e) => {
            // Enter adds the tag instead of submitting the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              addTag();
            }
          }}
          aria-describedby={`${inputId}-hint${problem || tagError ? ` ${inputId}-error` : ''}`}
          aria-invalid={problem || tagError ? true : undefined}
          placeholder="open chords"
          autoComplete="off"
          className={inputClasses}
        />
        <Button variant="secondary" onClick={addTag}>
          Add
        </Button>
      </div>
      <datalist id={listId}>
        {known.map((k) => (
          <option key={k.tag_slug} value={k.tag_name ?? k.tag_slug} />
        ))}
      </datalist>
      <ErrorText id={`${inputId}-error`} message={problem || tagError} />
      <p role="status" aria-live="polite" className="sr-only">
        {list.announcement}
      </p>
    </div>
  );
}
