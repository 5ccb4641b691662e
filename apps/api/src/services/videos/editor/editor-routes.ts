import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MediaStore } from '../../../platform/media/index.ts';
import { requireRoleGroup } from '../../../plugins/auth.ts';
import type { EditorContext } from './videos-editor.service.ts';

/**
 * What every editor plugin (videos, courses, live streams, free resources; ADR 0037) starts with.
 * Guards read first: a `preValidation` hook checks the Editor group of spec §6 before the body is
 * validated (signed out 401, another role 403), so a caller without the group learns nothing about
 * the calls' shapes. Answers the function that builds a handler's `EditorContext`.
 */
export function guardEditorRoutes(
  app: Pick<FastifyInstance, 'addHook' | 'db' | 'clock'>,
  store: MediaStore,
): (request: FastifyRequest) => EditorContext {
  app.addHook('preValidation', async (request) => {
    requireRoleGroup(request, 'Editor');
  });
  return (request) => ({
    auth: requireRoleGroup(request, 'Editor'),
    db: app.db,
    store,
    now: app.clock(),
  });
}

/** The `response` of every editor DELETE: 204 with no body. */
export const deletedResponse = { 204: z.null().describe('Deleted') };
