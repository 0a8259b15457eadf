/**
 * G.711 μ-law and A-law, sample by sample, as in the ITU reference coder (Sun's g711.c, which
 * Python's audioop also follows): the browser leg of a Talk call speaks the phone's own 8 kHz
 * codes (VOICE.md §11.2, option A), so what the operator hears is what a caller hears.
 */

const MULAW_BIAS = 0x84;
const MULAW_CLIP = 8159;
const MULAW_SEGMENT_ENDS = [0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff];
const ALAW_SEGMENT_ENDS = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];

/** The first segment whose end is at least `value`; the table's length when none is. */
function segmentOf(value: number, ends: readonly number[]): number {
  const found = ends.findIndex((end) => value <= end);
  return found < 0 ? ends.length : found;
}

/** A 16-bit linear sample as its μ-law code (silence, 0, is 0xFF). */
export function linearToMuLaw(sample: number): number {
  // The reference coder works on 14 bits.
  let value = sample >> 2;
  let mask = 0xff;
  if (value < 0) {
    value = -value;
    mask = 0x7f;
  }
  value = Math.min(value, MULAW_CLIP) + (MULAW_BIAS >> 2);
  const segment = segmentOf(value, MULAW_SEGMENT_ENDS);
  if (segment >= 8) return 0x7f ^ mask;
  return ((segment << 4) | ((value >> (segment + 1)) & 0x0f)) ^ mask;
}

/** A μ-law code as a 16-bit linear sample. */
export function muLawToLinear(code: number): number {
  const inverted = ~code & 0xff;
  const magnitude = ((((inverted & 0x0f) << 3) + MULAW_BIAS) << ((inverted & 0x70) >> 4)) - MULAW_BIAS;
  // 0 - x rather than -x: the negative zero code (0x7F) decodes to 0, not -0.
  return inverted & 0x80 ? 0 - magnitude : magnitude;
}

/** A 16-bit linear sample as its A-law code (silence, 0, is 0xD5). */
export function linearToALaw(sample: number): number {
  // The reference coder works on 13 bits.
  let value = sample >> 3;
  let mask = 0xd5;
  if (value < 0) {
    value = -value - 1;
    mask = 0x55;
  }
  const segment = segmentOf(value, ALAW_SEGMENT_ENDS);
  if (segment >= 8) return 0x7f ^ mask;
  const mantissa = segment < 2 ? (value >> 1) & 0x0f : (value >> segment) & 0x0f;
  return ((segment << 4) | mantissa) ^ mask;
}

/** An A-law code as a 16-bit linear sample. */
export function aLawToLinear(code: number): number {
  const value = (code ^ 0x55) & 0xff;
  const segment = (value & 0x70) >> 4;
  let magnitude = (value & 0x0f) << 4;
  if (segment === 0) magnitude += 8;
  else magnitude = (magnitude + 0x108) << (segment - 1);
  return value & 0x80 ? magnitude : -magnitude;
}

/** Float samples in [-1, 1] as G.711 codes of `law`. */
export function encodeG711(samples: Float32Array, law: 'ulaw' | 'alaw'): Uint8Array<ArrayBuffer> {
  const encode = law === 'ulaw' ? linearToMuLaw : linearToALaw;
  const codes = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) codes[i] = encode(floatToInt16(samples[i] ?? 0));
  return codes;
}

/** G.711 codes of `law` as float samples in [-1, 1]. */
export function decodeG711(codes: Uint8Array, law: 'ulaw' | 'alaw'): Float32Array {
  const decode = law === 'ulaw' ? muLawToLinear : aLawToLinear;
  const samples = new Float32Array(codes.length);
  for (let i = 0; i < codes.length; i++) samples[i] = decode(codes[i] ?? 0) / 0x8000;
  return samples;
}

/** A float sample, clamped to [-1, 1], as a 16-bit integer (VOICE.md §11.2 "Conversion"). */
export function floatToInt16(sample: number): number {
  const clamped = Math.max(-1, Math.min(1, Number.isFinite(sample) ? sample : 0));
  return clamped < 0 ? Math.round(clamped * 0x8000) : Math.round(clamped * 0x7fff);
}
