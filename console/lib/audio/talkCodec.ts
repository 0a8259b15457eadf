/**
 * The audio of a Talk call in the format `ready` names (shared/types/talk.ts): 20 ms frames of
 * G.711 at 8 kHz (160 bytes) or of PCM16 at the session's rate.
 */
import type { TalkAudioFormat } from '../../../shared/types/talk.js';
import { decodeG711, encodeG711 } from './g711.js';
import { decodePcm16, encodePcm16 } from './pcm16.js';

/** The sample rate of a format: G.711 is always 8 kHz; PCM16 runs at the rate `ready` gives. */
export function formatRate(format: TalkAudioFormat, sampleRate: number): number {
  return format === 'pcm16' ? sampleRate : 8000;
}

/** Samples in one frame of `frameMs` at `rate`. */
export function frameSamples(rate: number, frameMs: number): number {
  return Math.round((rate * frameMs) / 1000);
}

/** Float samples as the bytes of `format`. */
export function encodeAudio(samples: Float32Array, format: TalkAudioFormat): Uint8Array<ArrayBuffer> {
  if (format === 'pcm16') return encodePcm16(samples);
  return encodeG711(samples, format === 'g711_ulaw' ? 'ulaw' : 'alaw');
}

/** Bytes of `format` as float samples. */
export function decodeAudio(bytes: Uint8Array, format: TalkAudioFormat): Float32Array {
  if (format === 'pcm16') return decodePcm16(bytes);
  return decodeG711(bytes, format === 'g711_ulaw' ? 'ulaw' : 'alaw');
}

/** Cuts a stream of samples into frames of `size`, keeping the remainder for the next push. */
export function createFramer(size: number): (samples: Float32Array) => Float32Array[] {
  let pending = new Float32Array(0);
  return (samples) => {
    const joined = new Float32Array(pending.length + samples.length);
    joined.set(pending);
    joined.set(samples, pending.length);
    const frames: Float32Array[] = [];
    let offset = 0;
    for (; offset + size <= joined.length; offset += size) frames.push(joined.slice(offset, offset + size));
    pending = joined.slice(offset);
    return frames;
  };
}

/** How loud `samples` are, 0 (−60 dBFS or quieter) to 1 (full scale), for the level meter. */
export function levelOf(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / samples.length);
  if (rms <= 0) return 0;
  const decibels = 20 * Math.log10(rms);
  return Math.max(0, Math.min(1, (decibels + 60) / 60));
}
