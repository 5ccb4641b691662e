import type { ImgHTMLAttributes } from 'react';
import { IMAGE_VARIANT_WIDTHS, imageVariantUrl, isResizableMediaUrl } from '@fretline/contract';

type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'loading' | 'fetchPriority'> & {
  src: string;
  /** What share of the viewport the picture fills, the `sizes` attribute: `(min-width: 640px) 33vw, 100vw`. */
  sizes: string;
  /** The page's largest picture above the fold: fetched first and at once, never lazily. */
  priority?: boolean;
};

/**
 * A picture at the size the screen needs (ADR 0069). An uploaded JPEG, PNG or WebP behind a signed
 * media URL offers the API's WebP widths, so a phone never downloads a teacher's multi-MB photo; an
 * SVG, a GIF or a URL from elsewhere is shown as it is. Below the fold it loads lazily; give
 * `width`/`height` (or a CSS aspect ratio) so nothing moves when it arrives.
 */
export function ResponsiveImage({ src, sizes, priority = false, alt, ...rest }: ResponsiveImageProps) {
  const srcSet = isResizableMediaUrl(src)
    ? IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(src, width)} ${width}w`).join(', ')
    : undefined;
  return (
    <img
      {...rest}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
