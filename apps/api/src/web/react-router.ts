import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import { createRequestHandler, type ServerBuild } from 'react-router';

export interface WebOptions {
  /** apps/web/build: `server/index.js` and the `client` assets. */
  buildDir: string;
  mode: 'production' | 'development';
}

/**
 * Serves everything outside /api: hashed assets from build/client with immutable caching, then
 * every other path through React Router's request handler (server rendering, loaders, actions).
 */
export function mountWeb(options: WebOptions) {
  return async (app: FastifyInstance): Promise<void> => {
    const serverEntry = path.join(options.buildDir, 'server/index.js');
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    const handle = createRequestHandler(build, options.mode);

    await app.register(async (web) => {
      // Hand the untouched body stream to React Router: it parses its own form posts.
      web.removeAllContentTypeParsers();
      web.addContentTypeParser('*', (_request, _payload, done) => done(null));

      await web.register(fastifyStatic, {
        root: path.join(options.buildDir, 'client'),
        wildcard: false,
        index: false,
        setHeaders: (reply, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });

      const render = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        // The URL a visitor typed: behind a TLS-terminating proxy the socket says http://, and
        // React Router's action Origin check compares against this URL. request.protocol and
        // request.host read X-Forwarded-Proto/-Host only from a trusted proxy (ADR 0004).
        const req = createRequest(request.raw, reply.raw, { protocol: `${request.protocol}:`, host: request.host || undefined });
        const response = await handle(req);
        reply.hijack();
        // A hijacked reply never writes Fastify's headers: put the security headers set by the
        // onRequest hook (ADR 0002) on the raw response, under the ones React Router answers with.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
        await sendResponse(reply.raw, response);
      };
      web.all('/*', render);
      web.all('/', render);
    });
  };
}
