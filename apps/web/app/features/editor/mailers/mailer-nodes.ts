import { Node } from '@tiptap/react';

/*
 * The two blocks a mailer adds to the rich-text editor (ADR 0066). Each keeps its media path in
 * the HTML (`data-media-path`, `data-image`), which the API signs again whenever the mailer is
 * shown or sent; the URL an image shows with here is only for now.
 */

/** An image from the media store. */
export const MailerImage = Node.create({
  name: 'mailerImage',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: '' },
      mediaPath: {
        default: null,
        parseHTML: (el) => el.getAttribute('data-media-path'),
        renderHTML: (attrs) => (attrs.mediaPath ? { 'data-media-path': attrs.mediaPath as string } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'img[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', { ...HTMLAttributes, class: 'my-3 max-h-72 rounded-lg' }];
  },
});

/** A card of a real lesson: its thumbnail, title and a link to its page. */
export const LessonCard = Node.create({
  name: 'lessonCard',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      slug: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-lesson-card') ?? '',
        renderHTML: (attrs) => ({ 'data-lesson-card': attrs.slug as string }),
      },
      title: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-title') ?? '',
        renderHTML: (attrs) => ({ 'data-title': attrs.title as string }),
      },
      image: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-image') ?? '',
        renderHTML: (attrs) => ({ 'data-image': attrs.image as string }),
      },
      imageUrl: {
        default: null,
        parseHTML: (el) => el.querySelector('img')?.getAttribute('src') ?? null,
        renderHTML: () => ({}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'div[data-lesson-card]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const title = String(node.attrs.title ?? '');
    const imageUrl = node.attrs.imageUrl as string | null;
    return [
      'div',
      { ...HTMLAttributes, class: 'my-3 flex items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 p-2 not-prose' },
      ...(imageUrl ? [['img', { src: imageUrl, alt: '', class: 'h-16 w-28 shrink-0 rounded-lg object-cover' }]] : []),
      [
        'span',
        { class: 'min-w-0' },
        ['span', { class: 'block text-xs font-bold tracking-wide text-brand-700 uppercase' }, 'Lesson'],
        ['strong', { class: 'block text-ink-900' }, title],
      ],
    ];
  },
});
