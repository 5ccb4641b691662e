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
