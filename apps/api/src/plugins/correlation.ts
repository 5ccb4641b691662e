import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Spec §9: a correlation id is 45 random alphanumeric characters. */
export const CORRELATION_ID_LENGTH = 45;
const VALID_ID = /^[A-Za-z0-9-]{8,64}$/;

export function createCorrelationId(): string {
  let id = '';
  for (let i = 0; i < CORRELATION_ID_LENGTH; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

/** The request id is the client's X-Correlation-Id when it sends a sane one, otherwise a new one. */
export function correlationIdFrom(req: IncomingMessage): string {
  const header = req.headers['x-correlation-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && VALID_ID.test(value) ? value : createCorrelationId();
}
