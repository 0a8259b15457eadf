/**
 * Which peers are the proxies TRUST_PROXY names, judged on a socket's own address (the connection
 * cap does not count them per address: behind a proxy every connection comes from it). The same
 * reading as Fastify's trustProxy (proxy-addr): a hop count or `true` makes every peer a proxy,
 * a list names addresses, CIDRs and the ranges loopback, linklocal and uniquelocal.
 */
import ipaddr from 'ipaddr.js';

const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseRange(entry: string): Range | null {
  try {
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = ipaddr.parse(entry);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

export type TrustedProxyCheck = (address: string | undefined) => boolean;

export function trustedProxyCheck(trustProxy: boolean | number | readonly string[]): TrustedProxyCheck {
  if (trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0)) return () => true;
  if (typeof trustProxy !== 'object' || trustProxy.length === 0) return () => false;
  const ranges = trustProxy
    .flatMap((entry) => NAMED_RANGES[entry] ?? [entry])
    .map(parseRange)
    .filter((range): range is Range => range !== null);
  return (address) => {
    if (!address) return false;
    let parsed: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      // An IPv4-mapped IPv6 peer is matched as the IPv4 address it is.
      parsed = ipaddr.process(address);
    } catch {
      return false;
    }
    return ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
  };
}
