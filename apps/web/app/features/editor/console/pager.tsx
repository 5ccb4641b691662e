import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui';

export interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  /** What is being counted, for the summary: 'members'. */
  noun: string;
}

/** Previous/next links that keep the rest of the query (search, filters) and change `offset`. */
export function Pager({ offset, limit, total, noun }: PagerProps) {
  const location = useLocation();
  const hrefFor = (nextOffset: number) => {
    const params = new URLSearchParams(location.search);
    if (nextOffset > 0) params.set('offset', String(nextOffset));
    else params.delete('offset');
    const qs = params.toString();
    return `${location.pathname}${qs ? `?${qs}` : ''}`;
  };
  // An empty list already says so in its empty state; "0–0 of 0" adds nothing.
  if (total === 0) return null;
  const first = offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600">
      <p>
        {first}–{last} of {total} {noun}
      </p>
      <div className="flex gap-2">
        {offset > 0 ? (
          <Link to={hrefFor(Math.max(0, offset - limit))} className={buttonClasses('secondary', 'sm')} rel="prev">
            Previous
          </Link>
        ) : null}
        {offset + limit < total ? (
          <Link to={hrefFor(offset + limit)} className={buttonClasses('secondary', 'sm')} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
