/**
 * A stored recording (interleaved stereo μ-law, 8 kHz, no header) served as the 16-bit PCM WAV
 * every browser plays (VOICE.md §15.2: μ-law WAV support is not certain): a 44-byte header, then
 * each μ-law byte as one little-endian sample. Any byte range of that WAV maps onto a range of
 * the stored bytes, so seeking reads only what it needs.
 */
import { Transform } from 'node:stream';
import { mulawToLinear } from './g711.js';

export const WAV_HEADER_BYTES = 44;
const RATE = 8000;
const CHANNELS = 2;

/** Bytes of the WAV made from `storedBytes` of a recording (whole stereo frames only). */
export function wavLength(storedBytes: number): number {
  return WAV_HEADER_BYTES + wholeFrames(storedBytes) * 2;
}

/** A crash can leave half a stereo frame at the end: it is left out. */
function wholeFrames(storedBytes: number): number {
  return storedBytes - (storedBytes % CHANNELS);
}

export function wavHeader(storedBytes: number): Buffer {
  const dataBytes = wholeFrames(storedBytes) * 2;
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(CHANNELS, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * CHANNELS * 2, 28);
  header.writeUInt16LE(CHANNELS * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The WAV bytes `start`…`end` (inclusive): the header part, and which stored bytes the rest comes from. */
export function wavRange(
  storedBytes: number,
  start: number,
  end: number,
): { header: Buffer; stored: { start: number; end: number; skip: number; take: number } | null } {
  const header =
    start < WAV_HEADER_BYTES
      ? wavHeader(storedBytes).subarray(start, Math.min(end, WAV_HEADER_BYTES - 1) + 1)
      : Buffer.alloc(0);
  if (end < WAV_HEADER_BYTES) return { header, stored: null };
  const from = Math.max(start, WAV_HEADER_BYTES) - WAV_HEADER_BYTES;
  const to = end - WAV_HEADER_BYTES;
  return {
    header,
    stored: {
      start: Math.floor(from / 2),
      end: Math.floor(to / 2),
      // A range may start or end inside a sample: the first byte of the first, or the last of the last, is cut.
      skip: from % 2,
      take: to - from + 1,
    },
  };
}

/** Decodes stored μ-law bytes to PCM16, dropping `skip` leading bytes and stopping after `take`. */
export function mulawToPcmStream(skip: number, take: number): Transform {
  let toSkip = skip;
  let left = take;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const samples = mulawToLinear(chunk);
      let pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
      if (toSkip > 0) {
        const cut = Math.min(toSkip, pcm.length);
        pcm = pcm.subarray(cut);
        toSkip -= cut;
      }
      if (pcm.length > left) pcm = pcm.subarray(0, left);
      left -= pcm.length;
      done(null, pcm);
    },
  });
}
