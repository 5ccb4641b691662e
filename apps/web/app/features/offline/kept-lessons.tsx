import { useEffect, useState } from 'react';
import { Card } from '../../components/ui';
import type { KeptLesson } from './kept-copy';
import { checkInKeptLesson, findKeptLessons, removeKeptLesson } from './keep-lesson';
import { formatDay, formatSize } from './keep-offline';

/**
 * The lessons kept on this device for offline practice (product.md#offline-practice, ADR 0079),
 * with their size and until when they may stay. Each checks in when the list opens online; a
 * refused or expired one is deleted and the list says why. Nothing shows on a device with none.
 */
export function KeptLessons() {
  const [lessons, setLessons] = useState<KeptLesson[] | null>(null);
  const [notices, setNotices] = useState<string[]>([]);

  useEffect(() => {
    let current = true;
    void (async () => {
      const found = await findKeptLessons().catch(() => []);
      const kept: KeptLesson[] = [];
      const removed: string[] = [];
      for (const lesson of found) {
        const result = await checkInKeptLesson(lesson);
        if ('removed' in result) removed.push(`${lesson.video_title}: ${result.removed}`);
        else kept.push('kept' in result ? result.kept : result.offline);
      }
      if (!current) return;
      setLessons(kept.sort((a, b) => a.video_title.localeCompare(b.video_title)));
      setNotices(removed);
    })();
    return () => {
      current = false;
    };
  }, []);

  if (!lessons || (lessons.length === 0 && notices.length === 0)) return null;
  return (
    <Card className="mt-8">
      <section aria-labelledby="kept-lessons-title" data-testid="kept-lessons">
        <h2 id="kept-lessons-title" className="font-semibold text-ink-900">
          Kept for offline
        </h2>
        <p className="text-sm text-stone-600">Lessons on this device that play without a connection.</p>
        {lessons.length ? (
          <ul className="mt-3 divide-y divide-stone-100">
            {lessons.map((lesson) => (
              <li key={lesson.video_slug} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                {/* A full page load: offline, only the service worker can answer it (not a data request). */}
                <a href={lesson.path} className="min-w-0 font-semibold break-words text-brand-700 underline">
                  {lesson.video_title}
                </a>
                <span className="flex flex-wrap items-center gap-x-3 text-sm text-stone-600">
                  <span>
                    {formatSize(lesson.bytes)} · until {formatDay(lesson.allowed_until)}
                  </span>
                  <button
                    type="button"
                    className="min-h-10 font-semibold text-brand-700 underline"
                    onClick={() =>
                      void removeKeptLesson(lesson.video_slug).then(() =>
                        setLessons((all) => all?.filter((other) => other.video_slug !== lesson.video_slug) ?? null),
                      )
                    }
                  >
                    Remove<span className="sr-only"> {lesson.video_title}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {notices.map((notice) => (
          <p key={notice} role="status" className="mt-2 text-sm font-medium text-stone-700">
            {notice}
          </p>
        ))}
      </section>
    </Card>
  );
}
