/**
 * What tokens cost at a price row (VOICE.md §12.1): cached tokens are a part of the input tokens
 * of their kind and cost the cached rate instead of the input rate.
 */
import type { ModelPrice } from '../../shared/types/pricing.js';
import type { TokenUsage } from '../../shared/types/session.js';
import type { TelephonyRates } from './telephonyRates.js';

const PER_TOKEN = 1 / 1_000_000;

export function usageCostUsd(usage: TokenUsage, price: ModelPrice): number {
  const cachedText = Math.min(usage.cachedText, usage.inputText);
  const cachedAudio = Math.min(usage.cachedAudio, usage.inputAudio);
  return (
    ((usage.inputText - cachedText) * price.textIn +
      cachedText * price.textCached +
      (usage.inputAudio - cachedAudio) * price.audioIn +
      cachedAudio * price.audioCached +
      usage.outputText * price.textOut +
      usage.outputAudio * price.audioOut) *
    PER_TOKEN
  );
}

/**
 * A phone call's telephony: Twilio bills each started minute of a call (VOICE.md §12.3), at the
 * inbound or outbound rate; a browser call has none. Null while the call has no duration yet.
 */
export function telephonyCostUsd(
  callType: string,
  durationSeconds: number | null,
  rates: TelephonyRates,
): number | null {
  if (callType === 'web') return 0;
  if (durationSeconds === null) return null;
  const minutes = Math.ceil(durationSeconds / 60);
  const rate = callType === 'outbound' ? rates.outboundUsdPerMinute : rates.inboundUsdPerMinute;
  return minutes * rate;
}
