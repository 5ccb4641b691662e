import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@fretline/db';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { isLoopbackAddress, parseTrustProxy, proxyTrust } from './loopback.ts';

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

describe('proxyTrust: which peers may set X-Forwarded-* (TRUST_PROXY, ADR 0004)', () => {
  it('is isLoopbackAddress itself by default, the fast path', () => {
    expect(proxyTrust(parseTrustProxy(undefined))).toBe(isLoopbackAddress);
    expect(proxyTrust(parseTrustProxy('loopback'))).toBe(isLoopbackAddress);
  });

  const subnets = proxyTrust(parseTrustProxy('10.0.0.0/8, 192.168.1.5, fd00::/8'));
  it.each([
    ['10.0.0.1', true],
    ['10.255.1.2', true],
    ['::ffff:10.1.2.3', true],
    ['192.168.1.5', true],
    ['::ffff:192.168.1.5', true],
    ['fd00::1', true],
    ['127.0.0.1', true],
    ['::1', true],
    ['11.0.0.1', false],
    ['192.168.1.6', false],
    ['fe80::1', false],
    ['203.0.113.7', false],
    ['unknown', false],
    ['', false],
  ])('a list of ranges trusts %s: %s', (address, trusted) => expect(subnets(address, 0)).toBe(trusted));

  const twoHops = proxyTrust(parseTrustProxy('2'));
  it.each([
    ['203.0.113.7', 0, true],
    ['198.51.100.1', 1, true],
    ['198.51.100.1', 2, false],
    ['127.0.0.1', 5, true],
  ])('two hops trust %s at hop %i: %s', (address, hop, trusted) => expect(twoHops(address, hop)).toBe(trusted));
});

describe('request.ip behind a proxy (TRUST_PROXY)', () => {
  async function appTrusting(trust: string | undefined) {
    const app = await buildApp({ config: testConfig({ TRUST_PROXY: parseTrustProxy(trust) }), db: handle });
    app.get('/api/test-ip', async (request) => ({ ip: request.ip, protocol: request.protocol, host: request.host }));
    await app.ready();
    return app;
  }
  const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'fretline.example' };

  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await drop();
  });

  it('is the forwarded client when a balancer in TRUST_PROXY connects', async () => {
    const app = await appTrusting('10.0.0.0/8');
    try {
      const res = await app.inject({ url: '/api/test-ip', remoteAddress: '10.1.2.3', headers: forwarded });
      expect(res.json()).toEqual({ ip: '203.0.113.7', protocol: 'https', host: 'fretline.example' });
      const hops = await appTrusting('1');
      const viaHop = await hops.inject({ url: '/api/test-ip', remoteAddress: '10.1.2.3', headers: forwarded });
      await hops.close();
      expect(viaHop.json()).toEqual({ ip: '203.0.113.7', protocol: 'https', host: 'fretline.example' });
    } finally {
      await app.close();
    }
  });

  it('is the socket address when the peer is not a trusted proxy', async () => {
    const app = await appTrusting(undefined);
    try {
      const res = await app.inject({ url: '/api/test-ip', remoteAddress: '10.1.2.3', headers: forwarded });
      expect(res.json()).toEqual({ ip: '10.1.2.3', protocol: 'http', host: 'localhost:80' });
      const loopback = await app.inject({ url: '/api/test-ip', remoteAddress: '127.0.0.1', headers: forwarded });
      expect(loopback.json().ip).toBe('203.0.113.7');
    } finally {
      await app.close();
    }
  });
});
