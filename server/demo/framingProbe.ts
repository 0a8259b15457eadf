/**
 * Decides whether a demo link can be shown in the demo page's frame, by asking the site itself
 * through the outbound guard (public addresses only; OutboundGuardOptions.allow is the operator's
 * way to reach chosen internal hosts). Answers are cached for a while per link, and concurrent
 * asks for one link share one request, so a popular demo page costs the site one probe per TTL.
 * Any failure (blocked address, timeout, TLS, refused) means "not frameable": the page then shows
 * its backdrop, which always works.
 */
import type { Clock } from '../core/types.js';
import { createGuardedFetch, type GuardedResolver } from '../net/outboundGuard.js';
import { allowsFraming } from './framingPolicy.js';

export interface FramingVerdict {
  frameable: boolean;
  /** Origins the frame loads from (the link's, and where its redirects ended): the page's frame-src. */
  origins: string[];
}

export type FramingProbe = (link: string) => Promise<FramingVerdict>;

export interface FramingProbeOptions {
  /** Origin of the demo pages (PUBLIC_URL's): the ancestor the site must accept. */
  ancestorOrigin: string;
  /** "host:port" entries the guard may reach although private. */
  allow?: readonly string[];
  timeoutMs?: number;
  ttlMs?: number;
  maxEntries?: number;
  now?: Clock;
  resolve?: GuardedResolver;
}

export const FRAMING_PROBE_DEFAULTS = { timeoutMs: 4_000, ttlMs: 10 * 60_000, maxEntries: 1_000 } as const;

const NOT_FRAMEABLE: FramingVerdict = { frameable: false, origins: [] };

export function createFramingProbe(options: FramingProbeOptions): FramingProbe {
  const { timeoutMs, ttlMs, maxEntries } = { ...FRAMING_PROBE_DEFAULTS, ...definedOnly(options) };
  const now = options.now ?? Date.now;
  const ancestor = new URL(options.ancestorOrigin);
  const cache = new Map<string, { verdict: FramingVerdict; expiresAt: number }>();
  const pending = new Map<string, Promise<FramingVerdict>>();

  const probe = async (link: string): Promise<FramingVerdict> => {
    const site = new URL(link);
    // A https page may not frame http content (mixed content), whatever the site says.
    if (ancestor.protocol === 'https:' && site.protocol === 'http:') return NOT_FRAMEABLE;
    const fetch = createGuardedFetch({
      allow: options.allow,
      resolve: options.resolve,
      maxRequests: 2,
      timeoutMs,
      maxResponseBytes: 512 * 1024,
      userAgent: 'Switchboard/0.1 (+demo page framing check)',
    });
    try {
      let answer = await fetch(site, { method: 'HEAD' });
      if (answer.status === 405 || answer.status === 501) answer = await fetch(site, { method: 'GET' });
      const final = new URL(answer.url);
      if (ancestor.protocol === 'https:' && final.protocol === 'http:') return NOT_FRAMEABLE;
      if (!allowsFraming(answer.headers, final, ancestor)) return NOT_FRAMEABLE;
      return { frameable: true, origins: [...new Set([site.origin, final.origin])] };
    } catch {
      return NOT_FRAMEABLE;
    }
  };

  return async (link) => {
    const cached = cache.get(link);
    if (cached && cached.expiresAt > now()) return cached.verdict;
    const inFlight = pending.get(link);
    if (inFlight) return inFlight;
    const asked = probe(link).then((verdict) => {
      pending.delete(link);
      cache.delete(link);
      cache.set(link, { verdict, expiresAt: now() + ttlMs });
      // Oldest first in a Map: drop from the front past the bound.
      for (const key of cache.keys()) {
        if (cache.size <= maxEntries) break;
        cache.delete(key);
      }
      return verdict;
    });
    pending.set(link, asked);
    return asked;
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
