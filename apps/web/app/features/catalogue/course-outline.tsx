import type { CourseVideoEntry } from '@fretline/contract';
import { Badge, ResponsiveImage } from '../../components/ui';
import { PreloadLink } from '../../lib/preload';

export interface OutlinePart {
  /** The part's heading; null for the entries before the first heading (or a course without parts). */
  heading: string | null;
  entries: { entry: CourseVideoEntry; number: number }[];
}

/**
 * A course's entries grouped into its parts (ADR 0049): an entry with a course_video_part opens a
 * new part, the entries after it belong to it until the next heading. Numbers run on across parts,
 * so "lesson 5" means the same thing on the outline and in the player.
 */
export function outlineParts(entries: readonly CourseVideoEntry[]): OutlinePart[] {
  const parts: OutlinePart[] = [];
  entries.forEach((entry, i) => {
    const heading = entry.course_video_part?.trim() || null;
    let part = parts.at(-1);
    if (!part || heading) {
      part = { heading, entries: [] };
      parts.push(part);
    }
    part.entries.push({ entry, number: i + 1 });
  });
  return parts;
}

/** A video's length as a clock shows it ('4:05', '1:02:03'); null when unknown. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The same length spelled out for screen readers and `<time dateTime>` ('PT4M5S'). */
function isoDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

function OutlineEntry({
  entry,
  number,
  done,
  active,
  courseSlug,
}: {
  entry: CourseVideoEntry;
  number: number;
  done: boolean;
  active: boolean;
  courseSlug: string;
}) {
  const length = formatDuration(entry.video_duration);
  return (
    <li data-testid="outline-entry">
      <PreloadLink
        to={`/videos/${entry.video_slug}?course=${encodeURIComponent(courseSlug)}`}
        className="flex items-center gap-3 p-3 hover:bg-stone-50 focus-visible:-outline-offset-2 sm:gap-4"
      >
        <span className="w-6 shrink-0 text-center text-sm font-semibold text-stone-500">{number}</span>
        {entry.video_image ? (
          <ResponsiveImage
            src={entry.video_image}
            alt=""
            sizes="80px"
            className="hidden h-12 w-20 rounded-md object-cover sm:block"
          />
        ) : null}
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-ink-900">{entry.video_title}</span>
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
            {entry.video_premium ? <Badge tone="brand">Members</Badge> : <Badge tone="success">Free</Badge>}
            {length ? (
              <time dateTime={isoDuration(entry.video_duration ?? 0)} data-testid="outline-duration">
                {length}
              </time>
            ) : null}
            {active ? (
              // The lesson Resume opens (docs/product.md#learning-progress).
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">Up next</span>
            ) : null}
          </span>
        </span>
        {done ? (
          <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-emerald-700" aria-label="Done">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
              <path fill="currentColor" d="M8 13.2 4.8 10l-1.4 1.4L8 16l9-9-1.4-1.4z" />
            </svg>
            <span className="hidden sm:inline">Done</span>
          </span>
        ) : null}
      </PreloadLink>
    </li>
  );
}

/** A course's lessons or songs: grouped into its parts, each entry marked free or members-only with its length. */
export function CourseOutline({
  title,
  entries,
  watched,
  courseSlug,
  activeId,
}: {
  title: string;
  entries: CourseVideoEntry[];
  watched: Set<number>;
  courseSlug: string;
  activeId: number | undefined;
}) {
  if (!entries.length) return null;
  const id = `${title.toLowerCase()}-heading`;
  const list = (items: OutlinePart['entries'], start: number) => (
    <ol start={start} className="divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
      {items.map(({ entry, number }) => (
        <OutlineEntry
          key={entry.id_course_video}
          entry={entry}
          number={number}
          done={watched.has(entry.id_video)}
          active={activeId === entry.id_course_video}
          courseSlug={courseSlug}
        />
      ))}
    </ol>
  );
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-bold text-ink-900">
        {title}
      </h2>
      <div className="space-y-6">
        {outlineParts(entries).map((part) =>
          part.heading ? (
            <section key={part.entries[0]!.entry.id_course_video} aria-label={part.heading} data-testid="outline-part">
              <h3 className="mb-2 text-base font-bold text-ink-900">{part.heading}</h3>
              {list(part.entries, part.entries[0]!.number)}
            </section>
          ) : (
            <div key={part.entries[0]!.entry.id_course_video}>{list(part.entries, part.entries[0]!.number)}</div>
          ),
        )}
      </div>
    </section>
  );
}
