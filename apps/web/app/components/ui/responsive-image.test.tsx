// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image';

afterEach(cleanup);

const PHOTO = '/api/videos/media/uploads/2026/11/photo.jpg?exp=1800000000&sig=abc';

describe('ResponsiveImage (ADR 0069)', () => {
  it("offers an uploaded photo's WebP widths with the caller's sizes, lazily below the fold", () => {
    render(<ResponsiveImage src={PHOTO} alt="A guitar" sizes="(min-width: 640px) 33vw, 100vw" width={640} height={360} />);
    const img = screen.getByRole('img', { name: 'A guitar' });
    expect(img.getAttribute('src')).toBe(PHOTO);
    expect(img.getAttribute('srcset')).toBe([320, 480, 640, 960, 1280].map((w) => `${PHOTO}&w=${w} ${w}w`).join(', '));
    expect(img.getAttribute('sizes')).toBe('(min-width: 640px) 33vw, 100vw');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '360']);
  });

  it('fetches the picture above the fold first and at once', () => {
    render(<ResponsiveImage src={PHOTO.replace('.jpg', '.PNG')} alt="" sizes="100vw" priority />);
    const img = screen.getByRole('presentation');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('srcset')).toContain('&w=1280 1280w');
  });

  it('shows an SVG, a GIF, an unsigned or a foreign picture as it is', () => {
    for (const src of [
      '/api/videos/media/demo/posters/a.svg?exp=1800000000&sig=abc',
      '/api/videos/media/uploads/a.gif?exp=1800000000&sig=abc',
      '/api/videos/media/uploads/a.jpg',
      'https://img.youtube.com/vi/x/hqdefault.jpg',
    ]) {
      render(<ResponsiveImage src={src} alt="x" sizes="100vw" />);
      const img = screen.getByRole('img', { name: 'x' });
      expect(img.getAttribute('src')).toBe(src);
      expect(img.hasAttribute('srcset')).toBe(false);
      expect(img.hasAttribute('sizes')).toBe(false);
      expect(img.getAttribute('loading')).toBe('lazy');
      cleanup();
    }
  });
});
