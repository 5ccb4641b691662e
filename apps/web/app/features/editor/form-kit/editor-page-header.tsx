import { createContext, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DeletePanel, type DeletePanelProps } from './delete-panel';
import { entryFacts, type EntryKind, type SavedEntry } from './entry-kind';
import { PublishBadge } from './fields';
import { formatWhen } from '../console/format';
import { PageHeader } from '../console/page-header';

const CREATED_TEXT: Record<string, string> = {
  created: 'Draft created. Only editors can see it until it is published.',
  published: 'Created and published.',
};

/**
 * A new entry's page says how its creation went: the "new" page redirects here with
 * `?done=created|published`, or `?problem=` when the draft was made but a later step was refused.
 */
export function readCreateOutcome(requestUrl: string): { done: string | null; problem: string | null } {
  const params = new URL(requestUrl).searchParams;
  return {
    done: CREATED_TEXT[params.get('done') ?? ''] ?? null,
    problem: params.get('problem')?.slice(0, 300) ?? null,
  };
}

/**
 * Tells an entry's page that a save which keeps the page's data (an autosave, ADR 0061) changed the
 * entry at this time, so its header's "Changed …" is not left behind (ADR 0068).
 */
export const EntryChangedContext = createContext<(updated: Date | string) => void>(() => undefined);

/** The later of two change times (either may be missing). */
function laterOf(a: Date | string | null | undefined, b: Date | string | null | undefined) {
  if (!a || !b) return a ?? b;
  return new Date(a).getTime() >= new Date(b).getTime() ? a : b;
}

interface EditorPageHeaderProps {
  back: { to: string; label: string };
  title: string;
  published: boolean;
  updated: Date | string | null | undefined;
  /** The entry's public page, or null when it has none. */
  publicHref: string | null;
  /** Whether editors can preview it there as a draft (videos and courses); otherwise linked once published. */
  draftPreview: boolean;
  /** The creation problem to show, or null (a later save's own message replaces it). */
  problem: string | null;
}

/** The head of an editor page: back to the list, the title, its status, when it changed and where the public sees it. */
function EditorPageHeader({ back, title, published, updated, publicHref, draftPreview, problem }: EditorPageHeaderProps) {
  const linkText = published ? 'View on the site' : draftPreview ? 'Preview the draft' : null;
  return (
    <div>
      <BackLink {...back} />
      <PageHeader
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PublishBadge published={published} />
            {updated ? <span>Changed {formatWhen(updated)}</span> : null}
            {publicHref && linkText ? (
              <a href={publicHref} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 hover:underline">
                {linkText}
                <span className="sr-only"> (opens in a new tab)</span> ↗
              </a>
            ) : null}
          </span>
        }
      />
      {problem ? (
        <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          The draft was created, but: {problem}
        </p>
      ) : null}
    </div>
  );
}

/** Back to the entry's list, above its page's heading. */
function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className="mb-2 text-sm">
      <Link to={to} className="font-medium text-brand-700 hover:underline">
        ← {label}
      </Link>
    </p>
  );
}

/** A new entry's page: back to the list, the heading, then the empty form. */
export function NewEntryPage({
  kind,
  description,
  children,
}: {
  kind: EntryKind;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to={kind.listPage} label={kind.listLabel} />
      <PageHeader title={`New ${kind.noun}`} description={description} />
      {children}
    </div>
  );
}

/**
 * An entry's edit page: its head, its form (`children`) and the delete panel. `problem` is how its
 * creation went, shown until a save of its own answers.
 */
export function EditEntryPage<P extends string>({
  kind,
  entry,
  problem,
  deletion,
  children,
}: {
  kind: EntryKind<P>;
  entry: SavedEntry<P>;
  problem: string | null;
  /** What the delete panel says goes with it, or stays. */
  deletion: Omit<DeletePanelProps, 'noun' | 'title' | 'published'>;
  children: React.ReactNode;
}) {
  const facts = entryFacts(kind, entry);
  const [autosaved, setAutosaved] = useState<Date | string | null>(null);
  // A save that re-reads the page brings its own time; a later autosave's time wins until then.
  useEffect(() => setAutosaved(null), [facts.updated]);
  return (
    <EntryChangedContext.Provider value={setAutosaved}>
      <div className="mx-auto max-w-6xl space-y-6">
        <EditorPageHeader
          back={{ to: kind.listPage, label: kind.listLabel }}
          title={facts.title}
          published={facts.published}
          updated={laterOf(facts.updated, autosaved)}
          publicHref={facts.publicHref}
          draftPreview={kind.draftPreview}
          problem={problem}
        />
        {children}
        <DeletePanel noun={kind.noun} title={facts.title} published={facts.published} {...deletion} />
      </div>
    </EntryChangedContext.Provider>
  );
}
