import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { parseSharedAudience, SHARED_AUDIENCE_HEADER, type SharedAudience } from '@fretline/contract';

/**
 * A call the page server dispatches into this process's own API (ADR 0062) carries this header
 * with a secret made at start-up that never leaves the process: only such a call may ask as a class
 * of learners rather than as a person (ADR 0056). Anything sent over the network cannot know it.
 */
const IN_PROCESS_HEADER = 'x-fretline-in-process';
const IN_PROCESS_SECRET = Buffer.from(randomBytes(32).toString('base64url'));

/** The header that marks a call as dispatched inside this process (apps/api/src/web/in-process-fetch.ts). */
export function inProcessMark(): [name: string, value: string] {
  return [IN_PROCESS_HEADER, IN_PROCESS_SECRET.toString()];
}

function isInProcessCall(request: FastifyRequest): boolean {
  const value = request.headers[IN_PROCESS_HEADER];
  if (typeof value !== 'string') return false;
  // Compared as bytes: a header of the secret's length in other characters is longer in UTF-8.
  const given = Buffer.from(value);
  return given.length === IN_PROCESS_SECRET.length && timingSafeEqual(given, IN_PROCESS_SECRET);
}

/**
 * The class a page render shared by signed-in learners asks as, or null: a person or a visitor.
 * Believed only from a call made inside this process and without a session of its own.
 */
export function callAudience(request: FastifyRequest): SharedAudience | null {
  if (request.auth || !isInProcessCall(request)) return null;
  const value = request.headers[SHARED_AUDIENCE_HEADER];
  return typeof value === 'string' ? parseSharedAudience(value) : null;
}
