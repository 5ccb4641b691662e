import sanitizeHtml from 'sanitize-html';
import { convert } from 'html-to-text';
import { escapeHtml } from '../../platform/mail/index.ts';

/*
 * A mailer's body (ADR 0066): the rich-text editor's HTML, kept to what an e-mail can show.
 * Images and lesson cards keep their media path (`data-media-path`, `data-image`); a signed URL
 * is added when the body is shown (the editor) or built into a message (a long-lived one).
 */

/** What staff may write: the editor's marks, headings, lists, links, images and lesson cards. */
const STORED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'div'],
  allowedAttributes: {
    a: ['href'],
    img: ['src', 'alt', 'data-media-path'],
    div: ['data-lesson-card', 'data-title', 'data-image'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  // A div is only a lesson card; any other div keeps its text as a paragraph.
  transformTags: {
    div: (tagName, attribs) => (attribs['data-lesson-card'] ? { tagName, attribs } : { tagName: 'p', attribs: {} }),
  },
};

/** The body as stored: sanitised, lesson cards emptied (their content is drawn from their attributes). */
export function sanitizeMailerBody(html: string): string {
  return sanitizeHtml(html, STORED).replace(/(<div data-lesson-card(?:="[^"]*")?[^>]*>)[\s\S]*?<\/div>/g, '$1</div>');
}

/** Reads the attribute of a tag written by sanitize-html (always double-quoted, entities escaped). */
function attr(tag: string, name: string): string {
  const m = new RegExp(`\\s${name}(?:="([^"]*)")?[\\s/>]`).exec(tag);
  return m?.[1] ?? '';
}
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The media paths a stored body names: its pictures and its lesson cards' thumbnails. */
export function mailerMediaPaths(body: string): string[] {
  const paths = [
    ...[...body.matchAll(/<img\b[^>]*>/g)].map((m) => unescape(attr(m[0], 'data-media-path'))),
    ...[...body.matchAll(/<div data-lesson-card(?:="[^"]*")?[^>]*>/g)].map((m) => unescape(attr(m[0], 'data-image'))),
  ];
  return [...new Set(paths.filter(Boolean))];
}

export interface MediaLinks {
  /** The site's origin, for absolute links in e-mails. */
  site: string;
  /** An absolute URL for a media path (signed), or null to leave the image out. */
  mediaUrl: (mediaPath: string) => string | null;
}

/** A lesson card as e-mail clients draw it: a bordered table with the thumbnail, title and link. */
function lessonCardHtml(slug: string, title: string, image: string | null, site: string): string {
  const href = `${site}/videos/${encodeURIComponent(slug)}`;
  const img = image
    ? `<tr><td><a href="${escapeHtml(href)}"><img src="${escapeHtml(image)}" alt="" width="536" style="display:block;width:100%;max-width:536px;height:auto;border-radius:8px 8px 0 0"></a></td></tr>`
    : '';
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border:1px solid #e7e5e4;border-radius:8px;border-collapse:separate">${img}<tr><td style="padding:12px 16px"><p style="margin:0 0 4px;font-size:12px;font-weight:bold;letter-spacing:.05em;text-transform:uppercase;color:#ea580c">Lesson</p><a href="${escapeHtml(href)}" style="font-size:17px;font-weight:bold;color:#1c1917;text-decoration:none">${escapeHtml(title)}</a><p style="margin:8px 0 0"><a href="${escapeHtml(href)}" style="color:#c2410c;font-weight:bold">Watch the lesson →</a></p></td></tr></table>`;
}

const P = 'margin:0 0 16px;font-size:16px;line-height:1.6';
const STYLED = ['style'];
const EMAIL: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'table', 'tr', 'td'],
  allowedAttributes: {
    a: ['href', 'style'],
    img: ['src', 'alt', 'width', 'style'],
    table: ['role', 'width', 'cellpadding', 'cellspacing', 'style'],
    td: STYLED,
    p: STYLED,
    h3: STYLED,
    h4: STYLED,
    ul: STYLED,
    ol: STYLED,
    blockquote: STYLED,
  },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/** Gives a tag its inline style unless it has one (a lesson card's own paragraphs keep theirs). */
const styled =
  (style: string): sanitizeHtml.Transformer =>
  (tagName, attribs) => ({ tagName, attribs: attribs.style ? attribs : { ...attribs, style } });

/** The body as an e-mail's HTML: inline styles, absolute links, signed images, drawn lesson cards. */
export function renderMailerBody(body: string, links: MediaLinks): string {
  const site = links.site.replace(/\/$/, '');
  const absolute = (href: string) => (href.startsWith('/') ? `${site}${href}` : href);
  const cards = body.replace(/<div data-lesson-card(?:="[^"]*")?[^>]*>[\s\S]*?<\/div>/g, (tag) => {
    const open = /^<div[^>]*>/.exec(tag)?.[0] ?? '';
    const image = unescape(attr(open, 'data-image'));
    return lessonCardHtml(
      unescape(attr(open, 'data-lesson-card')),
      unescape(attr(open, 'data-title')),
      image ? links.mediaUrl(image) : null,
      site,
    );
  });
  return sanitizeHtml(cards, {
    ...EMAIL,
    transformTags: {
      p: styled(P),
      h3: styled('margin:24px 0 8px;font-size:20px;line-height:1.3'),
      h4: styled('margin:20px 0 8px;font-size:17px;line-height:1.3'),
      ul: styled(`${P};padding-left:24px`),
      ol: styled(`${P};padding-left:24px`),
      blockquote: styled('margin:0 0 16px;padding:4px 16px;border-left:4px solid #fdba74;color:#57534e'),
      a: (tagName, attribs) =>
        attribs.href && !attribs.style
          ? { tagName, attribs: { ...attribs, href: absolute(attribs.href), style: 'color:#c2410c' } }
          : { tagName, attribs },
      img: (tagName, attribs) => {
        const path = attribs['data-media-path'];
        const src = path ? links.mediaUrl(path) : attribs.src ? absolute(attribs.src) : null;
        const style = 'display:block;width:100%;max-width:536px;height:auto;margin:0 0 16px;border-radius:8px';
        const kept: sanitizeHtml.Attributes = src
          ? { src, alt: attribs.alt ?? '', width: '536', style: attribs.style ?? style }
          : {};
        return { tagName, attribs: kept };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

/**
 * The same body with fresh signed URLs for the editor (a stored URL may have expired), and each
 * lesson card's thumbnail inside it, as the editor draws cards.
 */
export function refreshEditorUrls(body: string, mediaUrl: (mediaPath: string) => string | null): string {
  const images = body.replace(/<img\b[^>]*>/g, (tag) => {
    const path = unescape(attr(tag, 'data-media-path'));
    const url = path ? mediaUrl(path) : null;
    return url ? tag.replace(/\ssrc="[^"]*"/, ` src="${escapeHtml(url)}"`) : tag;
  });
  return images.replace(/(<div data-lesson-card(?:="[^"]*")?[^>]*>)<\/div>/g, (whole, open: string) => {
    const path = unescape(attr(open, 'data-image'));
    const url = path ? mediaUrl(path) : null;
    return url ? `${open}<img src="${escapeHtml(url)}" alt=""></div>` : whole;
  });
}

/** The text part of the e-mail, from its HTML body (links kept as URLs). */
export function mailerText(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'table', format: 'block' },
      { selector: 'tr', format: 'block' },
      { selector: 'td', format: 'block' },
    ],
  });
}

export interface MailerFrame {
  subject: string;
  /** The rendered body (renderMailerBody). */
  bodyHtml: string;
  /** The page that leaves the mailers list (product.md#pages, /unsubscribe-mailers). */
  mailersUrl: string;
  /** The notification settings page. */
  settingsUrl: string;
  /** A line under the body saying why this e-mail came. */
  reason: string;
}

/** A newsletter's frame: wider than the transactional card (600 px), with the unsubscribe footer. */
export function mailerFrame(input: MailerFrame): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:16px;background:#fafaf9;font-family:Helvetica,Arial,sans-serif;color:#1c1917">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px;padding:32px 32px 24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#ea580c">Fretline</p>
${input.bodyHtml}
<hr style="border:0;border-top:1px solid #e7e5e4;margin:24px 0 16px">
<p style="margin:0;font-size:13px;line-height:1.5;color:#78716c">${escapeHtml(input.reason)} <a href="${escapeHtml(input.mailersUrl)}" style="color:#57534e">Unsubscribe from mailers</a> · <a href="${escapeHtml(input.settingsUrl)}" style="color:#57534e">E-mail settings</a></p>
</div></body></html>`;
}
