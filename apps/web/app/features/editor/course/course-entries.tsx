import { useEffect, useId, useRef, useState } from 'react';
import type { EditorCourseEntry, EditorVideoSummary } from '@fretline/contract';
import { Badge, Button, Spinner, inputClasses } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { errorMessage, isCancelledError } from '../../../lib/api-client';
import { ErrorText, fieldErrorId, fieldId, type FieldErrors } from '../form-kit/fields';
import { ListRowTools, rowButtonId, useEditorList, type EditorList } from '../form-kit/repeatable-list';

/** One lesson or song as the editor lists it. */
interface EntryDraft {
  idVideo: number;
  title: string;
  slug: string;
  category: string | null;
  published: boolean;
  image: string | null;
  /** The heading of the course part this lesson opens (ADR 0049). */
  part: string | null;
}

type ListName = 'course_videos' | 'course_songs';

const fromEntry = (e: EditorCourseEntry): EntryDraft => ({
  idVideo: e.id_video,
  title: e.video_title ?? e.video_slug,
  slug: e.video_slug,
  category: e.video_category,
  published: e.video_published,
  image: e.video_image_signed,
  part: e.course_video_part,
});

const fromSummary = (v: EditorVideoSummary): EntryDraft => ({
  idVideo: v.id_video,
  title: v.video_title,
  slug: v.video_slug,
  category: v.video_category,
  published: v.video_published,
  image: v.video_image_signed,
  part: null,
});

/** The course's two lists, as the search's add buttons name them. */
const LISTS = [
  { name: 'course_videos', title: 'Lesson', plural: 'lessons' },
  { name: 'course_songs', title: 'Song', plural: 'songs' },
] as const;

const SEARCH_DELAY_MS = 250;
const RESULTS = 8;

/**
 * course_videos and course_songs (product.md#entities): two ordered lists of videos, saved together. A search
 * over every video (drafts too, through the video editor's list call) adds to either list;
 * up/down buttons order them. The lists travel as `course_videos[0]=12&…` hidden fields.
 */
export function CourseEntries({
  lessons,
  songs,
  errors,
}: {
  lessons: readonly EditorCourseEntry[];
  songs: readonly EditorCourseEntry[];
  errors: FieldErrors;
}) {
  const lessonList = useEditorList(lessons.map(fromEntry), 'lesson');
  const songList = useEditorList(songs.map(fromEntry), 'song');
  const lists = { course_videos: lessonList, course_songs: songList } as const;
  const inCourse = new Map<number, ListName>([
    ...lessonList.items.map((i) => [i.value.idVideo, 'course_videos'] as const),
    ...songList.items.map((i) => [i.value.idVideo, 'course_songs'] as const),
  ]);

  const add = (list: ListName, video: EntryDraft) => {
    const target = lists[list];
    target.add(video, {
      said: `Added “${video.title}” to the ${list === 'course_videos' ? 'lessons' : 'songs'}, at position ${target.items.length + 1}.`,
      // The pressed button gives way to “In the lessons”; the search box is where the next add starts.
      focus: () => 'video-search',
    });
  };

  return (
    <div className="space-y-6">
      <EntryList name="course_videos" title="Lessons" noun="lesson" list={lessonList} errors={errors} />
      <EntryList name="course_songs" title="Songs" noun="song" list={songList} errors={errors} />
      <VideoSearch inCourse={inCourse} onAdd={add} />
      <p role="status" aria-live="polite" className="sr-only">
        {lessonList.announcement || songList.announcement}
      </p>
    </div>
  );
}

function EntryList({
  name,
  title,
  noun,
  list,
  errors,
}: {
  name: ListName;
  title: string;
  noun: string;
  list: EditorList<EntryDraft>;
  errors: FieldErrors;
}) {
  const headingId = `${name}-heading`;
  const listError = Object.entries(errors).find(([path]) => path === name || path.startsWith(`${name}.`));
  return (
    <div id={fieldId(name)} tabIndex={-1} className="outline-none">
      <h3 id={headingId} className="text-base font-bold text-ink-900">
        {title} <span className="font-normal text-stone-500">({list.items.length})</span>
      </h3>
      {list.items.length === 0 ? (
        <>
          <p className="mt-2 rounded-xl border border-dashed border-stone-300 px-4 py-3 text-sm text-stone-600">
            No {noun}s yet. Find videos below and add them.
          </p>
          {/* An empty list is still sent, so saving it clears the course's list. */}
          <input type="hidden" name={name} value="" />
        </>
      ) : (
        <ol aria-labelledby={headingId} className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200">
          {list.items.map((item, i) => {
            const label = `${noun} ${i + 1}, ${item.value.title}`;
            return (
              <li
                key={item.key}
                id={fieldId(`${name}.${i}`)}
                tabIndex={-1}
                className="flex flex-col gap-2 px-3 py-2 outline-none sm:flex-row sm:items-center sm:gap-3"
              >
                <input type="hidden" name={`${name}[${i}]`} value={item.value.idVideo} />
                {name === 'course_videos' ? (
                  // ADR 0049: a lesson may open a part of the course; the field moves with its row (keyed).
                  <input
                    name={`course_video_parts[${i}]`}
                    defaultValue={item.value.part ?? ''}
                    maxLength={120}
                    placeholder="Part heading (optional)"
                    aria-label={`Part heading before ${label}`}
                    className={`${inputClasses} sm:max-w-48`}
                  />
                ) : null}
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <span className="w-6 shrink-0 text-center text-sm font-semibold text-stone-500">{i + 1}</span>
                  {/* The thumbnail's box is there before the lazy image loads (and when a video has
                      none), so rows keep their height and their titles line up. */}
                  {item.value.image ? (
                    <img
                      src={item.value.image}
                      alt=""
                      loading="lazy"
                      width={64}
                      height={36}
                      className="hidden h-9 w-16 shrink-0 rounded-md bg-stone-100 object-cover sm:block"
                    />
                  ) : (
                    <span aria-hidden="true" className="hidden h-9 w-16 shrink-0 rounded-md bg-stone-100 sm:block" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words text-ink-900">{item.value.title}</span>
                    <span className="flex flex-wrap items-center gap-1.5 text-xs text-stone-500">
                      <span className="truncate font-mono">/videos/{item.value.slug}</span>
                      {item.value.published ? null : <Badge tone="warning">Draft: hidden from learners</Badge>}
                    </span>
                  </span>
                </div>
                <ListRowTools
                  inline
                  list={list}
                  itemKey={item.key}
                  index={i}
                  label={label}
                  speech={{
                    moved: (p, n) => `Moved “${item.value.title}” to ${p} of ${n}.`,
                    removed: `Removed “${item.value.title}” from the ${noun}s.`,
                    focusAfterRemove: (n) => (n ? rowButtonId(n, 'remove') : 'video-search'),
                  }}
                />
              </li>
            );
          })}
        </ol>
      )}
      {listError ? <ErrorText id={fieldErrorId(name)} message={listError[1]} /> : null}
    </div>
  );
}

type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; videos: EditorVideoSummary[]; total: number }
  | { status: 'error'; message: string };

function VideoSearch({
  inCourse,
  onAdd,
}: {
  inCourse: Map<number, ListName>;
  onAdd: (list: ListName, video: EntryDraft) => void;
}) {
  const [q, setQ] = useState('');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const hintId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    const text = q.trim();
    if (!text) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading' });
    timer.current = setTimeout(() => {
      // A newer search cancels this one (the client's GET supersession, product.md#calls).
      api.call('editor.listVideos', { query: { q: text }, limit: RESULTS }).then(
        (found) => setState({ status: 'done', ...found }),
        (err: unknown) => {
          if (!isCancelledError(err)) setState({ status: 'error', message: errorMessage(err) });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [q]);

  return (
    <div role="search" aria-label="Find videos to add" className="rounded-xl border border-stone-200 bg-stone-50/60 p-3 sm:p-4">
      <label htmlFor="video-search" className="block text-sm font-semibold text-ink-900">
        Find videos to add
      </label>
      <p id={hintId} className="text-sm text-stone-600">
        Search by title, slug or artist; drafts are included.
      </p>
      <input
        id="video-search"
        type="search"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        onKeyDown={(e) => {
          // Enter searches as you type already; it must not submit the course form.
          if (e.key === 'Enter') e.preventDefault();
        }}
        aria-describedby={hintId}
        autoComplete="off"
        placeholder="e.g. barre chords"
        className={`${inputClasses} mt-2`}
      />
      <div aria-live="polite" className="mt-3">
        {state.status === 'loading' ? (
          <p className="flex items-center gap-2 text-sm text-stone-600">
            <Spinner label="Searching" />
            <span aria-hidden="true">Searching…</span>
          </p>
        ) : state.status === 'error' ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {state.message}
          </p>
        ) : state.status === 'done' && state.videos.length === 0 ? (
          <p className="text-sm text-stone-600">No video matches “{q.trim()}”.</p>
        ) : state.status === 'done' ? (
          <>
            <p className="sr-only">
              {state.total} {state.total === 1 ? 'video matches' : 'videos match'}
              {state.total > state.videos.length ? `; showing the first ${state.videos.length}` : ''}.
            </p>
            <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {state.videos.map((v) => {
                const where = inCourse.get(v.id_video);
                return (
                  <li key={v.id_video} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:gap-3">
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium break-words text-ink-900">{v.video_title}</span>
                      <span className="flex flex-wrap items-center gap-1.5 text-xs text-stone-500">
                        <Badge>{v.video_category}</Badge>
                        {v.video_published ? null : <Badge tone="warning">Draft</Badge>}
                        <span className="truncate font-mono">/videos/{v.video_slug}</span>
                      </span>
                    </span>
                    {where ? (
                      <span className="text-sm text-stone-600">In the {where === 'course_videos' ? 'lessons' : 'songs'}</span>
                    ) : (
                      <span className="flex shrink-0 gap-2">
                        {LISTS.map((l) => (
                          <Button
                            key={l.name}
                            size="sm"
                            variant="secondary"
                            onClick={() => onAdd(l.name, fromSummary(v))}
                            aria-label={`Add “${v.video_title}” to the ${l.plural}`}
                          >
                            + {l.title}
                          </Button>
                        ))}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            {state.total > state.videos.length ? (
              <p className="mt-2 text-sm text-stone-600">
                Showing {state.videos.length} of {state.total}; type more of the title to narrow it down.
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
