/**
 * How a call's cost is computed (issue 21, VOICE.md §12): cached tokens are part of the input of
 * their kind and cost the cached rate; the row in force at the call's start prices it, a dated
 * snapshot name is priced as its alias; telephony bills each started minute, none for a browser
 * call; the telephony rates come from the environment, a bad one named.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { PriceBook } from '../../server/pricing/PriceBook.js';
import { telephonyCostUsd, usageCostUsd } from '../../server/pricing/usageCost.js';
import type { ModelPrice } from '../../shared/types/pricing.js';

const row = (model: string, effectiveFrom: number, audioOut: number): ModelPrice => ({
  model,
  effectiveFrom,
  textIn: 4,
  textCached: 0.4,
  textOut: 24,
  audioIn: 32,
  audioCached: 0.4,
  audioOut,
  updatedAt: 0,
});

describe('usage cost', () => {
  it('charges cached input at the cached rate, the rest at the input rate', () => {
    const usage = {
      inputText: 1000,
      inputAudio: 600,
      cachedText: 400,
      cachedAudio: 100,
      outputText: 50,
      outputAudio: 1200,
    };
    const expected = (600 * 4 + 400 * 0.4 + 500 * 32 + 100 * 0.4 + 50 * 24 + 1200 * 64) / 1e6;
    expect(usageCostUsd(usage, row('m', 0, 64))).toBeCloseTo(expected, 12);
  });

  it('takes the row in force at the start, and prices a dated snapshot as its alias', () => {
    const book = new PriceBook([row('gpt-realtime-mini', 1000, 30), row('gpt-realtime-mini', 0, 20)]);
    expect(book.priceAt('gpt-realtime-mini', 999)?.audioOut).toBe(20);
    expect(book.priceAt('gpt-realtime-mini', 1000)?.audioOut).toBe(30);
    expect(book.priceAt('gpt-realtime-mini-2025-12-15', 5000)?.audioOut).toBe(30);
    expect(book.priceAt('some-other-model', 5000)).toBeNull();
  });

  it('bills each started minute of a phone call at its direction’s rate, none for a browser call', () => {
    const rates = { inboundUsdPerMinute: 0.0085, outboundUsdPerMinute: 0.013 };
    expect(telephonyCostUsd('inbound', 61, rates)).toBeCloseTo(0.017, 12);
    expect(telephonyCostUsd('outbound', 60, rates)).toBeCloseTo(0.013, 12);
    expect(telephonyCostUsd('web', 600, rates)).toBe(0);
    expect(telephonyCostUsd('inbound', null, rates)).toBeNull();
  });
});

describe('telephony rates', () => {
  it('default to Twilio’s US list prices and read the environment, naming a bad value', () => {
    expect(loadConfig({}).telephonyRates).toEqual({ inboundUsdPerMinute: 0.0085, outboundUsdPerMinute: 0.013 });
    expect(loadConfig({ TELEPHONY_INBOUND_USD_PER_MINUTE: '0.02' }).telephonyRates.inboundUsdPerMinute).toBe(0.02);
    expect(() => loadConfig({ TELEPHONY_OUTBOUND_USD_PER_MINUTE: 'cheap' })).toThrow(
      /TELEPHONY_OUTBOUND_USD_PER_MINUTE/,
    );
    expect(() => loadConfig({ TELEPHONY_INBOUND_USD_PER_MINUTE: '-1' })).toThrow(/TELEPHONY_INBOUND_USD_PER_MINUTE/);
  });
});
