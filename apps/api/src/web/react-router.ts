import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
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

      web.all('/*', async (request, reply) => {
        const req = createRequest(request.raw, reply.raw);
        const response = await handle(req);
        reply.hijack();
        await sendResponse(reply.raw, response);
      });
      web.all('/', async (request, reply) => {
        const response = await handle(createRequest(request.raw, reply.raw));
        reply.hijack();
        await sendResponse(reply.raw, response);
      });
    });
  };
}
