import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { desc, eq, sql, tables, type Database } from '@fretline/db';
import { securityFor } from '../../plugins/docs-operations.ts';
import { escapeHtml } from './layout.ts';

const MAILBOX_LIMIT = 50;

const DevMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  created: z.date(),
});
type DevMail = z.infer<typeof DevMailSchema>;

/** The newest messages of the development mailbox, optionally for one address. */
export async function findDevMail(db: Database, to?: string): Promise<DevMail[]> {
  const m = tables.devMail;
  return db
    .select({
      id: m.idMail,
      to: m.mailTo,
      subject: m.subject,
      text: m.text,
      html: m.html,
      headers: m.headers,
      created: m.created,
    })
    .from(m)
    .where(to ? eq(sql`lower(${m.mailTo})`, to.toLowerCase()) : undefined)
    .orderBy(desc(m.created), desc(m.idMail))
    .limit(MAILBOX_LIMIT);
}

/**
 * GET /api/dev/mail?to=: the development mailbox as JSON (browser tests read their e-mails here).
 * Not a declared call (ADR 0052): it exists only outside production and only test helpers call it.
 */
export const devMailApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mail',
    {
      schema: {
        tags: ['platform'],
        summary: 'Development mailbox (not in production)',
        operationId: 'platform_devMail',
        security: securityFor('public'),
        querystring: z.object({ to: z.string().max(320).optional() }),
        response: { 200: z.object({ data: z.object({ messages: z.array(DevMailSchema) }) }) },
      },
    },
    async (request) => ({ data: { messages: await findDevMail(app.db, request.query.to) } }),
  );
};

/** Escapes the text body and makes its links clickable (sign-in links are the point of the page). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMailbox(messages: DevMail[], to: string | undefined): string {
  const items = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.created.toISOString().replace('T', ' ').slice(0, 19))} UTC · #${m.id}</p>
  <pre>${linkify(m.text)}</pre>
  ${m.html ? `<details><summary>HTML version</summary><iframe sandbox title="HTML version of #${m.id}" srcdoc="${escapeHtml(m.html)}"></iframe></details>` : ''}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Development mailbox · Fretline</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1c1917;background:#fafaf9}
h1{font-size:1.5rem}article{background:#fff;border:1px solid #e7e5e4;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#57534e;font-size:.875rem;margin:0 0 .75rem}
pre{white-space:pre-wrap;word-break:break-word;font-size:.875rem}a{color:#c2410c}
iframe{width:100%;height:28rem;border:1px solid #e7e5e4;background:#fff}form{display:flex;gap:.5rem}
input{flex:1;padding:.4rem}button{padding:.4rem .8rem}
</style>
</head>
<body>
<h1>Development mailbox</h1>
<p>E-mails the app sent while <code>SMTP_URL</code> is unset, newest first (the latest ${MAILBOX_LIMIT}).</p>
<form method="get" action="/dev/mail"><label for="to" hidden>Recipient</label><input id="to" name="to" type="email" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}"><button type="submit">Filter</button></form>
${items || '<p>No e-mails yet.</p>'}
</body>
</html>`;
}

/** GET /dev/mail: the mailbox as a plain server-rendered page, outside React (not in production). */
export async function devMailPage(app: FastifyInstance): Promise<void> {
  app.get('/dev/mail', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as { to?: unknown };
    const to = typeof query.to === 'string' && query.to.length <= 320 && query.to ? query.to : undefined;
    const messages = await findDevMail(app.db, to);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(renderMailbox(messages, to));
  });
}
