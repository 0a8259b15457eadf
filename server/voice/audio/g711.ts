/**
 * G.711 μ-law and A-law (ITU-T G.711), as Twilio (μ-law) and the Realtime API (`audio/pcmu`,
 * `audio/pcma`) speak them: 8-bit companded samples of 16-bit linear audio. Decoding is a
 * 256-entry table; encoding is a 64 Ki-entry table indexed by the 16-bit sample, so converting a
 * 20 ms frame is 160 array reads.
 */

const MULAW_BIAS = 0x84;
const MULAW_CLIP = 32635;

function encodeMulawSample(sample: number): number {
  let s = sample;
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  if (s > MULAW_CLIP) s = MULAW_CLIP;
  s += MULAW_BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

function decodeMulawSample(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + MULAW_BIAS) << exponent) - MULAW_BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

/** Segment ends of the 13-bit A-law magnitude (G.711 table 1a). */
const ALAW_SEGMENT_ENDS = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];

function encodeAlawSample(sample: number): number {
  let value = sample >> 3;
  let mask: number;
  if (value >= 0) {
    mask = 0xd5;
  } else {
    mask = 0x55;
    value = -value - 1;
  }
  const segment = ALAW_SEGMENT_ENDS.findIndex((end) => value <= end);
  if (segment === -1) return 0x7f ^ mask;
  const mantissa = segment < 2 ? (value >> 1) & 0x0f : (value >> segment) & 0x0f;
  return ((segment << 4) | mantissa) ^ mask;
}

function decodeAlawSample(byte: number): number {
  const a = byte ^ 0x55;
  const segment = (a & 0x70) >> 4;
  let t = (a & 0x0f) << 4;
  if (segment === 0) t += 8;
  else t = (t + 0x108) << (segment - 1);
  return a & 0x80 ? t : -t;
}

function decodeTable(decode: (byte: number) => number): Int16Array {
  return Int16Array.from({ length: 256 }, (_, byte) => decode(byte));
}

function encodeTable(encode: (sample: number) => number): Uint8Array {
  const table = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) table[i] = encode(i - 32768);
  return table;
}

const MULAW_TO_LINEAR = decodeTable(decodeMulawSample);
const ALAW_TO_LINEAR = decodeTable(decodeAlawSample);
const LINEAR_TO_MULAW = encodeTable(encodeMulawSample);
const LINEAR_TO_ALAW = encodeTable(encodeAlawSample);
// Every read below indexes a full 256- or 65536-entry table with a byte or a 16-bit sample, so it is
// always in range; `?? 0` only satisfies the unchecked-index type and never runs.
const MULAW_TO_ALAW = Uint8Array.from(
  { length: 256 },
  (_, byte) => LINEAR_TO_ALAW[(MULAW_TO_LINEAR[byte] ?? 0) + 32768] ?? 0,
);
const ALAW_TO_MULAW = Uint8Array.from(
  { length: 256 },
  (_, byte) => LINEAR_TO_MULAW[(ALAW_TO_LINEAR[byte] ?? 0) + 32768] ?? 0,
);

/** μ-law silence (Twilio pads with it). */
export const MULAW_SILENCE = 0xff;

/** Each byte through a law's decode table. */
function decoded(bytes: Uint8Array, table: Int16Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = table[bytes[i] ?? 0] ?? 0;
  return out;
}

/** Each sample through a law's encode table. */
function encoded(samples: Int16Array, table: Uint8Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = table[(samples[i] ?? 0) + 32768] ?? 0;
  return out;
}

export const mulawToLinear = (bytes: Uint8Array): Int16Array => decoded(bytes, MULAW_TO_LINEAR);
export const linearToMulaw = (samples: Int16Array): Uint8Array => encoded(samples, LINEAR_TO_MULAW);
export const alawToLinear = (bytes: Uint8Array): Int16Array => decoded(bytes, ALAW_TO_LINEAR);
export const linearToAlaw = (samples: Int16Array): Uint8Array => encoded(samples, LINEAR_TO_ALAW);

/** Byte-for-byte transcoding between the two laws, through the linear value. */
export function mulawToAlaw(bytes: Uint8Array): Uint8Array {
  return bytes.map((byte) => MULAW_TO_ALAW[byte] ?? 0);
}

export function alawToMulaw(bytes: Uint8Array): Uint8Array {
  return bytes.map((byte) => ALAW_TO_MULAW[byte] ?? 0);
}
