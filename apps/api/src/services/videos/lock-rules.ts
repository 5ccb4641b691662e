import { EXCERPT_LENGTH, stripTags, truncateText, type VideoSection } from '@fretline/contract';
import { escapeHtml } from '../../platform/html.ts';

/** Who is asking, as far as the premium rules care (ADR 0015). */
export interface Viewer {
  idUser: number | null;
  isMember: boolean;
  /** Editors and above see unpublished videos and every premium video (Editor group of product.md#roles). */
  isEditor: boolean;
}

export const VISITOR: Viewer = { idUser: null, isMember: false, isEditor: false };

/**
 * ADR 0015: members (and editors) see everything; everyone sees free videos; a premium video is
 * locked for anyone else — signed out or signed in without a membership.
 */
export function isVideoLocked(video: { premium: boolean }, viewer: Viewer): boolean {
  if (!video.premium) return false;
  return !(viewer.isMember || viewer.isEditor);
}

/** A live stream follows the same rule as a video. */
export const isStreamLocked = (stream: { premium: boolean }, viewer: Viewer) => isVideoLocked(stream, viewer);

/**
 * What a locked video shows of its sections (ADR 0015): every heading, so a visitor sees what the
 * lesson contains, but content only as a plain-text preview of the first text section (at most the
 * excerpt length), and no embed id, asset URL or stream at all.
 */
export function previewSections(sections: readonly VideoSection[]): VideoSection[] {
  let previewGiven = false;
  return sections.map((section) => {
    let content: string | null = null;
    if (!previewGiven && section.video_section_type === 'text' && section.video_section_content) {
      previewGiven = true;
      const text = truncateText(stripTags(section.video_section_content), EXCERPT_LENGTH);
      content = `<p>${escapeHtml(text)}</p>`;
    }
    return {
      ...section,
      video_section_content: content,
      video_section_soundslice_id: null,
      video_section_spotify_id: null,
      video_section_youtube_id: null,
      video_section_youtube_poster: null,
      video_section_asset_name: section.video_section_asset_name,
      video_section_asset_extension: section.video_section_asset_extension,
      video_section_asset_url_signed: null,
      video_section_stream_manifest_signed: null,
      video_section_stream_poster_signed: null,
    };
  });
}

/** ADR 0016: finished videos of the course over all its videos and songs, 0–100, rounded down. */
export function coursePercentComplete(finishedInCourse: number, videosInCourse: number): number {
  if (videosInCourse <= 0) return 0;
  return Math.min(100, Math.floor((Math.max(0, finishedInCourse) * 100) / videosInCourse));
}
