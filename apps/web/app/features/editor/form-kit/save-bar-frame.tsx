import { PublishBadge } from './fields';

/**
 * The frame of an editor form's save and publish buttons: beside the form on wide screens, stuck
 * to the bottom on phones, with the status and a link to the public page (or the draft's preview)
 * above the buttons on wide screens.
 */
export function SaveBarFrame({
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
