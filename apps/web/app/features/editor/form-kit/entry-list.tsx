import { LinkButton, cx } from '../../../components/ui';
import { PageHeader } from '../console/page-header';
import type { EntryKind } from './entry-kind';

/** The button to a kind's new-entry page: "New live stream". */
export function NewEntryButton({ kind }: { kind: EntryKind }) {
  return <LinkButton to={`${kind.listPage}/new`}>New {kind.noun}</LinkButton>;
}

/**
 * A kind's list page: its heading with the new-entry button, the notice naming an entry just
 * deleted (the edit page comes back here with `?deleted=`), then the list (`children`).
 */
export function EntryListPage({
  kind,
  description,
  deleted,
  canCreate = true,
  children,
}: {
  kind: EntryKind;
  description: string;
  deleted: string | null;
  /** Whether the reader may make new entries (the New button); a group that only reads sees none. */
  canCreate?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={kind.listLabel} description={description} actions={canCreate ? <NewEntryButton kind={kind} /> : null} />
      {deleted ? (
        <p role="status" className="mb-4 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Deleted “{deleted}”.
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * An entry's picture in a list, decorative (the title beside it names the entry). Without one, a
 * box of the same size keeps the rows aligned; it may show a word instead (a file's type).
 */
export function Thumbnail({
  src,
  className,
  placeholderClassName,
  children,
}: {
  src: string | null;
  className: string;
  placeholderClassName?: string;
  children?: React.ReactNode;
}) {
  return src ? (
    <img src={src} alt="" loading="lazy" className={cx(className, 'object-cover')} />
  ) : (
    <span aria-hidden="true" className={cx(className, placeholderClassName)}>
      {children}
    </span>
  );
}
