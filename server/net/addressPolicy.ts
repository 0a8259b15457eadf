import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses an outbound request may connect to: public unicast only. Everything a
 * request could use to reach this machine, its network or a cloud metadata service is refused,
 * including IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64, 6to4).
 */
export function isBlockedAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  return parsed.kind() === 'ipv4' ? isBlockedIPv4(parsed as ipaddr.IPv4) : isBlockedIPv6(parsed as ipaddr.IPv6);
}

// ipaddr.js names every special-purpose IPv4 range (loopback, private, link-local with the
// 169.254.169.254 metadata address, CGNAT, multicast, broadcast, 0/8, reserved, …); only the
// remainder, 'unicast', is public.
function isBlockedIPv4(address: ipaddr.IPv4): boolean {
  return address.range() !== 'unicast';
}

const EMBEDS_IPV4_IN_LAST_32_BITS = new Set(['ipv4Mapped', 'rfc6145']);

function isBlockedIPv6(address: ipaddr.IPv6): boolean {
  const parts = address.parts;
  const range = address.range();
  if (EMBEDS_IPV4_IN_LAST_32_BITS.has(range) || isNat64WellKnown(parts)) return isBlockedIPv4(lastIPv4(parts));
  // 6to4 (2002::/16) carries the IPv4 address in bits 16–47.
  if (range === '6to4') return isBlockedIPv4(ipv4FromParts(part(parts, 1), part(parts, 2)));
  // IPv4-compatible ::a.b.c.d (deprecated, never routed) falls outside ipaddr.js' named ranges.
  if (parts.slice(0, 6).every((p) => p === 0)) return true;
  // Global unicast is 2000::/3; ipaddr.js calls every unnamed address 'unicast', so check the prefix too.
  return range !== 'unicast' || (part(parts, 0) & 0xe000) !== 0x2000;
}

function isNat64WellKnown(parts: number[]): boolean {
  return parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0);
}

function lastIPv4(parts: number[]): ipaddr.IPv4 {
  return ipv4FromParts(part(parts, 6), part(parts, 7));
}

/** ipaddr.js always gives an IPv6 address eight parts; a missing one is a bug, not an address to judge. */
function part(parts: number[], index: number): number {
  const value = parts[index];
  if (value === undefined) throw new Error(`IPv6 address has no part ${index}`);
  return value;
}

function ipv4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
