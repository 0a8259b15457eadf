import { floatToInt16 } from './g711.js';

/** Float samples in [-1, 1] as 16-bit little-endian PCM bytes (VOICE.md §11.2 "Conversion"). */
export function encodePcm16(samples: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, floatToInt16(samples[i] ?? 0), true);
  return bytes;
}

/** 16-bit little-endian PCM bytes as float samples; a trailing odd byte is dropped. */
export function decodePcm16(bytes: Uint8Array): Float32Array {
  const count = bytes.length >> 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  const samples = new Float32Array(count);
  for (let i = 0; i < count; i++) samples[i] = view.getInt16(i * 2, true) / 0x8000;
  return samples;
}
