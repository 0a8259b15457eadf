/**
 * Twilio's per-minute voice rates the cost of a phone call adds (VOICE.md §12.3: US list prices
 * from an undated Twilio support article, unverified for late 2026, so operators set their own).
 * Browser (Talk) calls carry no telephony.
 */
export interface TelephonyRates {
  inboundUsdPerMinute: number;
  outboundUsdPerMinute: number;
}

export const DEFAULT_TELEPHONY_RATES: TelephonyRates = { inboundUsdPerMinute: 0.0085, outboundUsdPerMinute: 0.013 };

const RATE = /^(?:\d{1,4})(?:\.\d{1,8})?$/;

/** One rate variable: a decimal USD amount per minute, 0 to 9999. */
export function parseRate(raw: string | undefined, name: string, fallback: number, problems: string[]): number {
  if (raw === undefined) return fallback;
  if (!RATE.test(raw.trim())) {
    problems.push(`${name} must be a USD amount per minute such as 0.0085, got "${raw}"`);
    return fallback;
  }
  return Number(raw.trim());
}
