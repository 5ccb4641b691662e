import { BlockList, isIP } from 'node:net';

/**
 * Loopback addresses: 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (what a dual-stack socket
 * reports). Fastify's `trustProxy: 'loopback'` answers the same question through proxy-addr's
 * compiled subnet check, which parses every address with ipaddr.js on every request that reads
 * `request.ip` (the rate limit reads it on every API call): about 4% of an unread-count poll's CPU.
 * This string check gives the same answer for the addresses a socket or a proxy reports, and
 * refuses odd spellings (which only means not trusting them as a proxy). ADR 0004.
 */
const IPV4_LOOPBACK = /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export function isLoopbackAddress(address: string): boolean {
  if (address === '::1') return true;
  if (address.startsWith('::ffff:')) return IPV4_LOOPBACK.test(address.slice(7));
  return IPV4_LOOPBACK.test(address);
}

/**
 * Which peers may set X-Forwarded-For/-Proto/-Host (`TRUST_PROXY`, ADR 0004): the loopback default,
 * a hop count (the N proxies nearest the app, whatever their address), or addresses and CIDR
 * ranges. Loopback stays trusted in every form: the SSR loaders call the API over loopback with
 * the visitor's address.
 */
export type TrustProxy = { hops: number } | { subnets: string[] };

/** Parses `TRUST_PROXY`; throws a message naming the bad part. Unset or `loopback` is loopback only. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'loopback') return { subnets: [] };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 32) throw new Error('a hop count is 1 to 32');
    return { hops };
  }
  const subnets = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && part !== 'loopback');
  for (const subnet of subnets) subnetOf(subnet);
  return { subnets };
}

function subnetOf(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } {
  const [address = '', prefixText, extra] = text.split('/');
  const version = isIP(address);
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
  if (!version || extra !== undefined || prefix < 0 || prefix > max)
    throw new Error(`${JSON.stringify(text)} is not an IP address or CIDR range`);
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * The `trustProxy` function for Fastify (called with each hop's address and its distance from us).
 * The default is `isLoopbackAddress` itself, the fast path of the unread-count poll. Fastify treats
 * a bare number as "trust nobody", so a hop count is a function too.
 */
export function proxyTrust(setting: TrustProxy): (address: string, hop: number) => boolean {
  if ('hops' in setting) {
    const { hops } = setting;
    return (address, hop) => hop < hops || isLoopbackAddress(address);
  }
  if (setting.subnets.length === 0) return isLoopbackAddress;
  // Node's BlockList also matches IPv4-mapped IPv6 addresses against IPv4 ranges.
  const list = new BlockList();
  for (const text of setting.subnets) {
    const { address, prefix, family } = subnetOf(text);
    list.addSubnet(address, prefix, family);
  }
  return (address) => isLoopbackAddress(address) || list.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
}
