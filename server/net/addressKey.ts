/**
 * The key every per-address limit counts under (issue 18): the API and page rate limits, the
 * sign-in throttle, the live chat's visitor limits and the connection cap. An IPv4 address is
 * its own key; an IPv6 address counts by its first `ipv6PrefixLength` bits (IPV6_PREFIX_LENGTH,
 * 64 by default), because one subscriber is routinely given a whole /64 and could otherwise take
 * a fresh budget from each of its 2^64 addresses. An IPv4-mapped IPv6 address (::ffff:192.0.2.1,
 * how a dual-stack socket reports an IPv4 client) is the IPv4 address.
 */
import ipaddr from 'ipaddr.js';

export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

export function addressKey(ip: string | undefined, ipv6PrefixLength: number): string {
  if (ip === undefined || ip === '') return 'unknown';
  // Most clients are IPv4: no parsing on their way.
  if (!ip.includes(':')) return ip;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(ip);
  } catch {
    return ip;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  if (ipv6PrefixLength >= 128) return ipaddr.fromByteArray(parsed.toByteArray()).toString();
  const bytes = parsed.toByteArray();
  for (let bit = ipv6PrefixLength; bit < 128; bit += 1) bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) & ~(0x80 >> (bit & 7));
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6PrefixLength}`;
}
