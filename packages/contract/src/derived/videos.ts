import { EXCERPT_LENGTH } from '../constants.ts';
import type { VideoCategory } from '../entities/video.ts';

export const EXCERPT_ELLIPSIS = '...';

export type VideoSubtitleInput = {
  video_category: VideoCategory;
  video_artist: string | null;
  video_type: string | null;
  video_course?: { course_title: string | null } | null;
};

/**
 * Video subtitle (product.md#entities): "course title if in a course; 'Lesson'; 'Live Replay'; 'Song by
 * {artist}'; the type; or 'Song'". Read as a precedence list, first match wins:
 *   1. the video is shown in a course (video_course with a title) → that course's title;
 *   2. category Lesson → 'Lesson';
 *   3. category Live Replay → 'Live Replay';
 *   4. otherwise it is a Song: with an artist → 'Song by {artist}';
 *   5. without an artist but with a type → the type;
 *   6. else 'Song'.
 */
export function videoSubtitle(video: VideoSubtitleInput): string {
  const courseTitle = video.video_course?.course_title?.trim();
  if (courseTitle) return courseTitle;
  if (video.video_category === 'Lesson') return 'Lesson';
  if (video.video_category === 'Live Replay') return 'Live Replay';
  const artist = video.video_artist?.trim();
  if (artist) return `Song by ${artist}`;
  const type = video.video_type?.trim();
  if (type) return type;
  return 'Song';
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  pound: '£',
  copy: '©',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

/**
 * HTML to plain text for an excerpt: tags removed (block boundaries become spaces so words do not
 * run together), entities decoded once, whitespace collapsed. Not a sanitiser — the result is
 * rendered as text.
 */
export function stripTags(html: string): string {
  const withoutTags = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|th|section|article)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim();
}

/**
 * Cuts text to at most `length` characters and adds an ellipsis when anything was cut. The cut
 * falls between words: a word that would be split goes whole (only a single word longer than
 * `length` is cut inside).
 */
export function truncateText(text: string, length: number = EXCERPT_LENGTH): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  let kept = chars.slice(0, length);
  if (!/\s/.test(chars[length] ?? '')) {
    let lastSpace = kept.length - 1;
    while (lastSpace > 0 && !/\s/.test(kept[lastSpace] ?? '')) lastSpace -= 1;
    if (lastSpace > 0) kept = kept.slice(0, lastSpace);
  }
  return kept.join('').trimEnd() + EXCERPT_ELLIPSIS;
}

type ExcerptSection = { video_section_type: string; video_section_content: string | null };

/** Excerpt fallback (product.md#entities): the text sections with tags stripped, cut to 220 characters with an ellipsis. */
export function excerptFallback(video: { video_sections: readonly ExcerptSection[] }): string {
  const text = video.video_sections
    .filter((section) => section.video_section_type === 'text' && section.video_section_content)
    .map((section) => stripTags(section.video_section_content ?? ''))
    .filter(Boolean)
    .join(' ');
  return truncateText(text);
}

/** The excerpt to show: the video's own, else the fallback. */
export function videoExcerpt(video: { video_excerpt: string | null; video_sections: readonly ExcerptSection[] }): string {
  const own = video.video_excerpt?.trim();
  return own ? own : excerptFallback(video);
}

/**
 * The link-preview picture of a published video or course (ADR 0087): a stable, public 1200×630
 * JPEG made from its poster or image, for og:image and structured data. Site-relative.
 */
export const sharePicturePath = (kind: 'videos' | 'courses', slug: string) => `/api/videos/share/${kind}/${slug}.jpg`;
