import { describe, expect, it } from 'vitest';
import { mailerText, refreshEditorUrls, renderMailerBody, sanitizeMailerBody } from './mailer-html.ts';

const links = {
  site: 'https://fretline.example',
  mediaUrl: (p: string) => `https://fretline.example/api/videos/media/${p}?sig=x`,
};

describe('a mailer body as an e-mail', () => {
  const body = sanitizeMailerBody(
    '<p>Hi</p><div data-lesson-card="blues-1" data-title="Blues &amp; more" data-image="demo/p.svg"><img src="old"><strong>Blues</strong></div>' +
      '<p><a href="/courses">Courses</a></p><img src="/x" data-media-path="uploads/a.png" alt="A riff">',
  );

  it('draws a lesson card with its thumbnail, title and an absolute link, keeping its own styles', () => {
    const html = renderMailerBody(body, links);
    expect(html).toContain('href="https://fretline.example/videos/blues-1"');
    expect(html).toContain('Blues &amp; more');
    expect(html).toContain('src="https://fretline.example/api/videos/media/demo/p.svg?sig=x"');
    expect(html).toContain('text-transform:uppercase');
    expect(html).toContain('<p style="margin:0 0 16px;font-size:16px;line-height:1.6">Hi</p>');
  });

  it('signs images from their media path and makes links absolute', () => {
    const html = renderMailerBody(body, links);
    expect(html).toContain('src="https://fretline.example/api/videos/media/uploads/a.png?sig=x"');
    expect(html).toContain('alt="A riff"');
    expect(html).toContain('href="https://fretline.example/courses"');
    expect(mailerText(html)).toContain('Blues & more');
  });

  it('shows the editor fresh URLs and the cards’ thumbnails', () => {
    const html = refreshEditorUrls(body, (p) => `/m/${p}`);
    expect(html).toContain('<img src="/m/uploads/a.png"');
    expect(html).toContain('data-image="demo/p.svg"><img src="/m/demo/p.svg" alt=""></div>');
  });
});
