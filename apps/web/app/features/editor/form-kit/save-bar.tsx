import { PublishBadge } from './fields';
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { Button } from '../../../components/ui';

const BUTTON_CLASSES = 'flex-auto whitespace-nowrap max-sm:px-4 lg:w-full';

/**
 * The frame of an editor form's save and publish buttons: beside the form on wide screens, stuck
 * to the bottom on phones, with the status and a link to the public page (or the draft's preview)
 * above the buttons on wide screens.
 */
function SaveBarFrame({
  published,
  previewHref,
  children,
}: {
  published: boolean;
  /** Where the public page is, when there is one. */
  previewHref: string | null;
  children: React.ReactNode;
}) {
  return (
    <aside
      aria-label="Save and publish"
      className="sticky bottom-0 z-10 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-8 sm:px-8 lg:top-6 lg:bottom-auto lg:mx-0 lg:rounded-2xl lg:border lg:p-5 lg:shadow-sm"
    >
      <div className="hidden lg:mb-4 lg:block">
        <p className="flex items-center gap-2 text-sm text-stone-600">
          Status <PublishBadge published={published} />
        </p>
        {previewHref ? (
          <a
            href={previewHref}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
          >
            {published ? 'View on the site' : 'Preview the draft'}
            <span className="sr-only"> (opens in a new tab)</span> ↗
          </a>
        ) : null}
      </div>
      {children}
    </aside>
  );
}

export interface SaveBarProps {
  isNew: boolean;
  published: boolean;
  /** Where the public page is, when there is one. */
  previewHref: string | null;
  noun: string;
  /** Where the public sees it once published: 'on /courses'. */
  publicWhere: string;
  /** Whether publishing and unpublishing ask once more (the video form's buttons act at once). */
  confirm?: boolean;
}

/**
 * Save and publish buttons: beside the form on wide screens, stuck to the bottom on phones. Every
 * button saves the whole form first. Publishing and unpublishing change what the public sees, so
 * they ask once more, in place (unless `confirm` is false): Escape or "Cancel" backs out, and focus
 * follows each step.
 */
export function SaveBar({ isNew, published, previewHref, noun, publicWhere, confirm = true }: SaveBarProps) {
  const navigation = useNavigation();
  const submitted = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined;
  const busyIntent = navigation.state === 'submitting' ? (typeof submitted === 'string' ? submitted : '') : null;
  const [confirming, setConfirming] = useState(false);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    document.getElementById(confirming ? 'status-confirm' : 'status-start')?.focus();
  }, [confirming]);
  const ask = (next: boolean) => {
    moved.current = true;
    setConfirming(next);
  };
  const target = published ? 'unpublish' : 'publish';
  return (
    <SaveBarFrame published={published} previewHref={previewHref}>
      {confirming ? (
        <div
          className="space-y-2"
          onKeyDown={(e) => {
            if (e.key === 'Escape') ask(false);
          }}
        >
          <p id="status-question" className="text-sm text-ink-900">
            {published
              ? `Save and take this ${noun} off the site? It becomes a draft that only editors see.`
              : `Save and publish this ${noun}? Everyone will see it ${publicWhere}.`}
          </p>
          <div className="flex flex-wrap gap-2 lg:flex-col">
            <Button
              id="status-confirm"
              type="submit"
              name="intent"
              value={target}
              variant={published ? 'danger' : 'primary'}
              busy={busyIntent === target}
              disabled={busyIntent !== null}
              aria-describedby="status-question"
              className={BUTTON_CLASSES}
            >
              {published ? 'Yes, unpublish' : 'Yes, publish'}
            </Button>
            <Button variant="secondary" onClick={() => ask(false)} disabled={busyIntent !== null} className={BUTTON_CLASSES}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2 lg:flex-col">
          <Button
            type="submit"
            name="intent"
            value="save"
            variant={published ? 'primary' : 'secondary'}
            busy={busyIntent === 'save'}
            disabled={busyIntent !== null}
            className={BUTTON_CLASSES}
          >
            {published ? 'Save changes' : 'Save draft'}
          </Button>
          {confirm ? (
            <Button
              id="status-start"
              variant={published ? 'secondary' : 'primary'}
              disabled={busyIntent !== null}
              onClick={() => ask(true)}
              className={BUTTON_CLASSES}
            >
              {published ? 'Unpublish…' : isNew ? 'Save and publish…' : 'Publish…'}
            </Button>
          ) : (
            <Button
              type="submit"
              name="intent"
              value={target}
              variant={published ? 'secondary' : 'primary'}
              busy={busyIntent === target}
              disabled={busyIntent !== null}
              className={BUTTON_CLASSES}
            >
              {published ? 'Unpublish' : 'Publish'}
            </Button>
          )}
        </div>
      )}
    </SaveBarFrame>
  );
}
