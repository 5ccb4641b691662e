// Plain values, without zod: the web's responsive pictures and the API's media route share them (ADR 0069).

/** Where signed media is served from, below the site's origin (ADR 0017). */
export const MEDIA_URL_PREFIX = '/api/videos/media/';

/**
 * The only widths a smaller WebP of an uploaded picture is made at (ADR 0069): a bounded set, so
 * nobody can make the server resize one picture to every width there is.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 480, 640, 960, 1280] as const;

const RESIZABLE_MEDIA = /\.(jpe?g|png|webp)$/i;

/** Whether a URL is a signed media URL of a raster picture (JPEG, PNG, WebP) that has smaller WebP sizes. */
export function isResizableMediaUrl(url: string): boolean {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return false;
  const query = url.indexOf('?');
  if (query < 0 || !/[?&]sig=/.test(url)) return false;
  return RESIZABLE_MEDIA.test(url.slice(0, query));
}

/** A signed media URL's WebP of `width` pixels, or the URL itself when it names no resizable picture. */
export function imageVariantUrl(url: string, width: number): string {
  return isResizableMediaUrl(url) ? `${url}&w=${width}` : url;
}
