/**
 * Readers of environment variables for the configuration (config.ts): each returns the value, or
 * a fallback and one line in `problems` naming the variable, so start-up can list every mistake
 * at once instead of stopping at the first.
 */

/** A variable's trimmed value; undefined when unset or blank. */
export function envText(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** An http(s) URL without its trailing slashes; a problem naming `name` otherwise. */
export function httpUrl(value: string, name: string, problems: string[]): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  problems.push(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

/** PORT: an integer from 0 to 65535, 3000 when unset. */
export function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return 3000;
  const port = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be an integer from 0 to 65535, got "${raw}"`);
    return 3000;
  }
  return port;
}

/** TRUST_PROXY: `true`/`false`, a hop count, or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string[] {
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (
    list.length > 0 &&
    list.every(
      (part) =>
        /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part) ||
        part === 'loopback' ||
        part === 'uniquelocal' ||
        part === 'linklocal',
    )
  ) {
    return list;
  }
  problems.push(`TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses, got "${raw}"`);
  return false;
}

/** An integer variable within [min, max], or its default when unset. */
export function boundedInt(
  env: NodeJS.ProcessEnv,
  name: string,
  bounds: { fallback: number; min: number; max: number },
  problems: string[],
): number {
  const raw = envText(env, name);
  if (raw === undefined) return bounds.fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < bounds.min || value > bounds.max) {
    problems.push(`${name} must be an integer from ${bounds.min} to ${bounds.max}, got "${raw}"`);
    return bounds.fallback;
  }
  return value;
}
