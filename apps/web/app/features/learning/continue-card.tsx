import { Link } from 'react-router';
import type { ContinueItem } from '@fretline/contract';
import { ResponsiveImage } from '../../components/ui';
import { continueHref, resumeWords } from './progress-lookup';

/**
 * "Continue: {lesson}" (docs/product.md#learning-progress): the lesson the resume rules pick in the
 * course touched last, opening at the right moment. Leads home and /me for a learner who has one.
 */
export function ContinueCard({ item, percent }: { item: ContinueItem; percent?: number }) {
  const from = resumeWords(item.video.video_play_start_time);
  return (
    <Link
      to={continueHref(item)}
      data-testid="continue-learning"
      className="group flex items-center gap-4 rounded-2xl border border-brand-200 bg-white p-3 shadow-sm transition hover:border-brand-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4"
    >
      <span className="relative hidden h-16 w-28 shrink-0 overflow-hidden rounded-lg bg-ink-900 min-[400px]:block">
        {item.video.video_image ? (
          <ResponsiveImage src={item.video.video_image} alt="" sizes="112px" className="size-full object-cover" />
        ) : null}
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-black/25">
          <span className="flex size-8 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow">
            <svg viewBox="0 0 20 20" className="ml-0.5 size-4" fill="currentColor">
              <path d="M6 4.5v11l9-5.5z" />
            </svg>
          </span>
        </span>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-bold tracking-wider text-brand-700 uppercase">{item.course.course_title}</span>
        <span className="mt-0.5 block font-bold text-ink-900 group-hover:text-brand-700">Continue: {item.video.video_title}</span>
        <span className="mt-0.5 block text-sm text-stone-600">
          {from ? `Pick up ${from}` : 'Start from the beginning'}
          {percent !== undefined ? ` · course ${Math.round(percent)}% done` : ''}
        </span>
      </span>
      <span aria-hidden="true" className="shrink-0 text-xl font-bold text-brand-700">
        →
      </span>
    </Link>
  );
}
