import { sharePicturePath, videoExcerpt, videoSubtitle, type Video } from '@fretline/contract';
import { isoDuration, jsonLdText } from '../../lib/json-ld';

/**
 * The chapters as schema.org Clips, each from its time to the next one's (product.md#practice).
 * `url` is a path here.
 */
function chapterClips(video: Video) {
  const chapters = video.video_chapters;
  return chapters.map((chapter, i) => ({
    '@type': 'Clip',
    name: chapter.title,
    startOffset: Math.floor(chapter.time),
    ...(chapters[i + 1] ? { endOffset: Math.floor(chapters[i + 1]!.time) } : {}),
    url: `/videos/${video.video_slug}?t=${Math.floor(chapter.time)}`,
  }));
}

/**
 * A lesson page's schema.org VideoObject for search engines (product.md#entities, structured
 * data), as the text of its script. Made by the loader, so none of it is in the page's JavaScript.
 */
export function videoJsonLd(video: Video, siteUrl: string): string {
  const clips = chapterClips(video);
  const json = {
    '@type': 'VideoObject',
    name: video.video_title,
    description: videoExcerpt(video) || videoSubtitle(video),
    thumbnailUrl: video.video_stream_poster_signed ? [`${siteUrl}${sharePicturePath('videos', video.video_slug)}`] : undefined,
    uploadDate: new Date(video.video_created).toISOString(),
    url: `${siteUrl}/videos/${video.video_slug}`,
    ...(video.youtube_video_embed_url ? { embedUrl: video.youtube_video_embed_url } : {}),
    // Our own stream: its manifest is the content, for a free video only. A premium video's signed
    // URL is never published (ADR 0015). No embedUrl: our pages refuse to be framed (ADR 0002).
    ...(video.video_player === 'stream' && !video.video_premium && video.video_stream_manifest_signed
      ? { contentUrl: new URL(video.video_stream_manifest_signed, siteUrl).href }
      : {}),
    ...(video.video_duration ? { duration: isoDuration(video.video_duration) } : {}),
    isAccessibleForFree: !video.video_premium,
    // Chapters as key moments (product.md#practice).
    ...(clips.length ? { hasPart: clips.map((clip) => ({ ...clip, url: siteUrl + clip.url })) } : {}),
  };
  return jsonLdText(json);
}
