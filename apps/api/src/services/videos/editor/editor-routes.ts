import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MediaStore } from '../../../platform/media/index.ts';
import { requireRoleGroup } from '../../../plugins/auth.ts';
import type { EditorContext } from './videos-editor.service.ts';

/**
 * What every editor plugin (videos, courses, live streams, free resources; ADR 0037) starts with:
 * the function that builds a handler's `EditorContext`. Each route's `access: 'Editor'` has already
 * checked the Editor role group before the body was read (signed out 401, another role 403).
 */
export function editorContextFor(
  app: Pick<FastifyInstance, 'db' | 'clock'>,
  store: MediaStore,
): (request: FastifyRequest) => EditorContext {
  return (request) => ({
    auth: requireRoleGroup(request, 'Editor'),
    db: app.db,
    store,
    now: app.clock(),
  });
}
