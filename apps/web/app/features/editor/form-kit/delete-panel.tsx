import { useEffect, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '../../../components/ui';

export interface DeletePanelProps {
  /** 'video', 'course', 'live stream', 'free resource'. */
  noun: string;
  title: string;
  published: boolean;
  /** What is removed together with it: “… will be removed for good, with {removedWith}.” */
  removedWith?: string;
  /** What goes with it or stays, as a sentence after “… will be removed for good.” */
  consequences?: string;
  /** What the public notices when a published one goes. */
  publishedNote?: string;
}

/**
 * Deleting asks once more, in place (no pop-up): the first button shows what is lost and a second,
 * red button; Escape or "Keep it" backs out. Focus moves with each step. The form posts
 * `intent=delete` and the title (for the page's "deleted" notice).
 */
export function DeletePanel({
  noun,
  title,
  published,
  removedWith,
  consequences,
  publishedNote = 'It is published: its page will answer “not found”.',
}: DeletePanelProps) {
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete';
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    document.getElementById(confirming ? 'delete-confirm' : 'delete-start')?.focus();
  }, [confirming]);
  const ask = (next: boolean) => {
    moved.current = true;
    setConfirming(next);
  };

  return (
    <section
      aria-labelledby="delete-title"
      className="rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-6 lg:mr-[18.5rem]"
    >
      <h2 id="delete-title" className="text-lg font-bold text-ink-900">
        Delete this {noun}
      </h2>
      {confirming ? (
        <Form
          method="post"
          className="mt-3 space-y-3"
          onKeyDown={(e) => {
            if (e.key === 'Escape') ask(false);
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="title" value={title} />
          <p className="text-sm text-stone-700" id="delete-warning">
            “{title}” will be removed for good{removedWith ? `, with ${removedWith}.` : `. ${consequences ?? ''}`}
            {published ? ` ${publishedNote}` : ''} This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button id="delete-confirm" type="submit" variant="danger" busy={busy} aria-describedby="delete-warning">
              Delete permanently
            </Button>
            <Button variant="secondary" onClick={() => ask(false)} disabled={busy}>
              Keep it
            </Button>
          </div>
        </Form>
      ) : (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-600">
            {published ? 'To take it off the site for now, unpublish it instead.' : 'Deleting cannot be undone.'}
          </p>
          <Button id="delete-start" variant="secondary" onClick={() => ask(true)}>
            Delete {noun}…
          </Button>
        </div>
      )}
    </section>
  );
}
