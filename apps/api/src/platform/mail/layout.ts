import { escapeHtml } from '../html.ts';

// Mail code imports the escape with the frame, from platform/mail's index.ts.
export { escapeHtml };

/**
 * The branded frame of an HTML e-mail: the Fretline name above `body` (HTML, already escaped) on
 * a white card, with inline styles only, as mail clients drop style sheets.
 */
export function mailLayout(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#fafaf9;font-family:Helvetica,Arial,sans-serif;color:#1c1917">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#ea580c">Fretline</p>
${body}
</div></body></html>`;
}
