import { describe, expect, it } from 'vitest';
import { pageTitle, seoMeta } from './seo';

describe('seoMeta', () => {
  it('builds the title, description, canonical link, Open Graph and Twitter tags from the root siteUrl', () => {
    const meta = seoMeta({
      title: 'Terms of use',
      description: 'The terms.',
      path: '/terms',
      matches: [{ id: 'root', data: { siteUrl: 'https://fretline.example/' } }],
    });
    expect(meta).toContainEqual({ title: 'Terms of use | Fretline' });
    expect(meta).toContainEqual({ name: 'description', content: 'The terms.' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://fretline.example/terms' });
    expect(meta).toContainEqual({ property: 'og:url', content: 'https://fretline.example/terms' });
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://fretline.example/og-image.png' });
    expect(meta).toContainEqual({ property: 'og:type', content: 'website' });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(meta).not.toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('keeps an absolute image, takes an explicit siteUrl and can keep a page out of search results', () => {
    const meta = seoMeta({
      title: 'Your account',
      description: 'Account.',
      path: '/me',
      image: 'https://cdn.example/poster.png',
      type: 'profile',
      siteUrl: 'http://localhost:3000',
      noIndex: true,
    });
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://cdn.example/poster.png' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'http://localhost:3000/me' });
    expect(meta).toContainEqual({ property: 'og:type', content: 'profile' });
    expect(meta).toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('does not repeat the site name in a title that already has it', () => {
    expect(pageTitle('Fretline: online guitar lessons')).toBe('Fretline: online guitar lessons');
    expect(pageTitle('Events')).toBe('Events | Fretline');
  });
});
