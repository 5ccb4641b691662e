import { useEffect, useState } from 'react';
import { cx } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

const WIDTHS = { desktop: { label: 'Desktop', px: null }, phone: { label: 'Phone', px: 375 } } as const;
type Width = keyof typeof WIDTHS;

/**
 * The e-mail as it will arrive (ADR 0066): the API renders it, the same code that builds each
 * message, and it shows in a sandboxed frame at a desktop or a phone width.
 */
export function MailerPreview({ subject, body }: { subject: string; body: string }) {
  const [width, setWidth] = useState<Width>('desktop');
  const input = useDebouncedValue({ subject, body }, 400);
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .call('mailers.previewMailer', { body: { mailer_subject: input.subject, mailer_body: input.body } })
      .then((res) => {
        if (!live) return;
        setHtml(res.html);
        setError(null);
      })
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [input]);

  const px = WIDTHS[width].px;
  return (
    <section aria-labelledby="mailer-preview-title" className="space-y-3" data-testid="mailer-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="mailer-preview-title" className="text-lg font-bold text-ink-900">
          Preview
        </h2>
        <div role="group" aria-label="Preview width" className="inline-flex rounded-full border border-stone-300 bg-white p-0.5">
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
              className={cx(
                'min-h-9 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
                width === w ? 'bg-ink-900 text-white' : 'text-ink-900 hover:bg-stone-100',
              )}
            >
              {WIDTHS[w].label}
            </button>
          ))}
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-stone-100 p-3">
        {html === null ? (
          <p className="py-16 text-center text-sm text-stone-600">Rendering the preview…</p>
        ) : (
          <iframe
            title={`The e-mail at ${WIDTHS[width].label.toLowerCase()} width`}
            // No scripts ever run in it; same-origin only so the e-mail's images load under the page's CSP.
            sandbox="allow-same-origin"
            srcDoc={html}
            className="mx-auto block h-[36rem] rounded-lg border border-stone-200 bg-white"
            style={{ width: px ? `${px}px` : '100%', maxWidth: '100%' }}
          />
        )}
      </div>
    </section>
  );
}
