import { useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor, type Extensions } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { cx } from '../../../components/ui';
import { ErrorText, FieldLabel, fieldId, type FieldErrors } from './fields';
import { announceEdit } from './unsaved-changes';

/**
 * A text editor without HTML (ADR 0060): Tiptap 3 (ProseMirror) limited to what the API's
 * sanitiser keeps — paragraphs, bold, italic, headings 3 and 4, lists, quotes and links — so what
 * the editor shows is what the page shows. It writes the same HTML into a hidden field of the
 * form's name, so the form's save, its errors and the API's sanitising are unchanged. Before the
 * script runs (or without it) the field is a plain textarea with the same name.
 */
const ALLOWED = StarterKit.configure({
  heading: { levels: [3, 4] },
  code: false,
  codeBlock: false,
  strike: false,
  underline: false,
  horizontalRule: false,
  link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
});

function Tool({
  editor,
  label,
  active,
  run,
  children,
}: {
  editor: Editor;
  label: string;
  active: boolean;
  run: (editor: Editor) => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => run(editor)}
      className={cx(
        'min-h-9 min-w-9 rounded-md px-2 text-sm font-semibold',
        active ? 'bg-ink-900 text-white' : 'text-ink-900 hover:bg-stone-100',
      )}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor, extra }: { editor: Editor; extra?: ((editor: Editor) => React.ReactNode) | undefined }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const setLink = (e: Editor) => {
    const previous = e.getAttributes('link').href as string | undefined;
    const href = window.prompt('Link address (https://…), empty to remove it', previous ?? 'https://');
    if (href === null) return;
    if (href.trim() === '' || href.trim() === 'https://') e.chain().focus().extendMarkRange('link').unsetLink().run();
    else e.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-0.5 border-b border-stone-200 p-1">
      <Tool editor={editor} label="Bold (Ctrl+B)" active={state.bold} run={(e) => e.chain().focus().toggleBold().run()}>
        B
      </Tool>
      <Tool editor={editor} label="Italic (Ctrl+I)" active={state.italic} run={(e) => e.chain().focus().toggleItalic().run()}>
        <em>I</em>
      </Tool>
      <Tool editor={editor} label="Heading" active={state.h3} run={(e) => e.chain().focus().toggleHeading({ level: 3 }).run()}>
        H3
      </Tool>
      <Tool editor={editor} label="Subheading" active={state.h4} run={(e) => e.chain().focus().toggleHeading({ level: 4 }).run()}>
        H4
      </Tool>
      <Tool editor={editor} label="Bulleted list" active={state.bullet} run={(e) => e.chain().focus().toggleBulletList().run()}>
        • List
      </Tool>
      <Tool editor={editor} label="Numbered list" active={state.ordered} run={(e) => e.chain().focus().toggleOrderedList().run()}>
        1. List
      </Tool>
      <Tool editor={editor} label="Quote" active={state.quote} run={(e) => e.chain().focus().toggleBlockquote().run()}>
        “ ”
      </Tool>
      <Tool editor={editor} label="Link" active={state.link} run={setLink}>
        Link
      </Tool>
      {extra?.(editor)}
    </div>
  );
}

/** Plain text as the API reads it (a blank line starts a paragraph), for the editor to start from. */
function asHtml(value: string): string {
  if (/<[a-z][\s\S]*>/i.test(value)) return value;
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return value
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escape(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export function RichTextArea({
  name,
  path,
  label,
  hint,
  errors,
  defaultValue = '',
  required,
  onChange,
  extensions = [],
  toolbarExtra,
  onHtmlChange,
}: {
  name: string;
  path?: string;
  label: string;
  hint?: string;
  errors: FieldErrors;
  defaultValue?: string | number;
  required?: boolean;
  /** Told of every change (the form's unsaved-changes state). */
  onChange?: () => void;
  /** More node types beside the allowed marks (the mailers' images and lesson cards, ADR 0066). */
  extensions?: Extensions;
  /** More toolbar buttons, after the formatting ones. */
  toolbarExtra?: (editor: Editor) => React.ReactNode;
  /** Told of the HTML after every change (a live preview). */
  onHtmlChange?: (html: string) => void;
}) {
  const key = path ?? name;
  const id = fieldId(key);
  const hintId = hint ? `${id}-hint` : undefined;
  const error = errors[key];
  const [html, setHtml] = useState(() => asHtml(String(defaultValue)));
  const box = useRef<HTMLDivElement>(null);
  const editor = useEditor({
    extensions: [ALLOWED, ...extensions],
    content: html,
    // Server rendering shows the textarea below; the editor mounts in the browser only.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(hintId ? { 'aria-describedby': hintId } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: 'prose-fret min-h-40 px-4 py-3 outline-none',
      },
    },
    onUpdate: ({ editor: e }) => {
      const next = e.isEmpty ? '' : e.getHTML();
      setHtml(next);
      // Every change, typed or not (a toolbar button, a pasted link), is an edit of the form: the
      // leave warning and a draft's autosave hear of it (ADR 0068).
      announceEdit(box.current);
      onChange?.();
      onHtmlChange?.(next);
    },
  });
  return (
    <div ref={box} className="space-y-1.5" data-testid="rich-text">
      <FieldLabel htmlFor={id} label={label} required={required} hint={hint} hintId={hintId} />
      {editor ? (
        <div
          className={cx(
            'rounded-xl border bg-white focus-within:ring-2 focus-within:ring-brand-600',
            error ? 'border-red-600' : 'border-stone-300',
          )}
        >
          <Toolbar editor={editor} extra={toolbarExtra} />
          <EditorContent editor={editor} />
          <input type="hidden" name={name} value={html} />
        </div>
      ) : (
        <textarea
          id={id}
          name={name}
          defaultValue={defaultValue}
          required={required}
          rows={8}
          aria-describedby={hintId}
          className="w-full rounded-xl border border-stone-300 px-4 py-3"
        />
      )}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}
