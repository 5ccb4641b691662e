import { CORRELATION_ID_ALPHABET, CORRELATION_ID_LENGTH } from './constants.ts';

// Web Crypto (browsers and Node alike) costs the same per call whatever its size, and the server
// makes an id for every request without one: draw from a pool refilled 4 KB at a time.
const pool = new Uint8Array(4096);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    crypto.getRandomValues(pool);
    next = 0;
  }
  return pool[next++]!;
}

/** 45 random alphanumerics (product.md#constants); bytes above 247 are skipped so each character is equally likely. */
export function createCorrelationId(): string {
  let id = '';
  while (id.length < CORRELATION_ID_LENGTH) {
    const byte = randomByte();
    if (byte < 248) id += CORRELATION_ID_ALPHABET[byte % CORRELATION_ID_ALPHABET.length];
  }
  return id;
}
