import type { IncomingMessage } from 'node:http';
import { createCorrelationId } from '@fretline/contract';

const VALID_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The request id is the client's X-Correlation-Id when it sends a sane one, otherwise a new one. */
export function correlationIdFrom(req: IncomingMessage): string {
  const header = req.headers['x-correlation-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && VALID_ID.test(value) ? value : createCorrelationId();
}
