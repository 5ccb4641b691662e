import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback.ts';

describe('isLoopbackAddress (trustProxy, ADR 0004)', () => {
  it.each(['127.0.0.1', '127.1.2.3', '127.255.255.255', '::1', '::ffff:127.0.0.1', '::ffff:127.9.8.7'])('trusts %s', (address) =>
    expect(isLoopbackAddress(address)).toBe(true),
  );

  it.each([
    '10.0.0.1',
    '128.0.0.1',
    '1.127.0.0',
    '::ffff:10.0.0.1',
    '::2',
    '127.0.0.256',
    '127.0.0',
    '127.0.0.1.5',
    '127.evil.example',
    ' 127.0.0.1',
    'unknown',
    '',
  ])('does not trust %j', (address) => expect(isLoopbackAddress(address)).toBe(false));
});
