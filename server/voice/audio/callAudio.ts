/**
 * Audio between the caller's leg (Twilio: always μ-law 8 kHz; a browser: the format it was told)
 * and the Realtime session's format. The same format passes through untouched (VOICE.md §0);
 * A-law is transcoded byte for byte; PCM16 is decoded and resampled to the 24 kHz the Realtime
 * API takes, and back.
 */
import type { AudioFormat } from '../../../shared/defaults.js';
import { alawToMulaw, linearToMulaw, mulawToAlaw, mulawToLinear } from './g711.js';
import { Downsampler, Upsampler } from './Resampler.js';

/** The GA session's audio format types (VOICE.md §2.3). */
export type SessionAudioType = 'audio/pcmu' | 'audio/pcma' | 'audio/pcm';

export interface SessionAudioFormat {
  type: SessionAudioType;
  /** Only for audio/pcm, which the API takes at 24 kHz only. */
  rate?: 24000;
}

const SESSION_FORMATS: Record<AudioFormat, SessionAudioFormat> = {
  g711_ulaw: { type: 'audio/pcmu' },
  g711_alaw: { type: 'audio/pcma' },
  pcm16: { type: 'audio/pcm', rate: 24000 },
};

/** The agent's format setting (spec part 1 §5) as the GA session format. */
export function sessionAudioFormat(format: AudioFormat): SessionAudioFormat {
  return SESSION_FORMATS[format];
}

/** The GA session format of a format type (PCM16 is at 24 kHz, the only rate the API takes). */
export function formatOfType(type: SessionAudioType): SessionAudioFormat {
  return type === 'audio/pcm' ? { type, rate: 24000 } : { type };
}

/** Bytes of one millisecond of audio in the session format. */
export function bytesPerMs(type: SessionAudioType): number {
  return type === 'audio/pcm' ? 48 : 8;
}

/** Twilio μ-law bytes per millisecond (8 kHz, one byte a sample). */
export const MULAW_BYTES_PER_MS = 8;

export type AudioConverter = (bytes: Buffer) => Buffer;

/** Bytes a base64 string decodes to, without decoding it. */
export function base64ByteLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

const passThrough: AudioConverter = (bytes) => bytes;

function pcm16ToBuffer(samples: Int16Array): Buffer {
  const out = Buffer.allocUnsafe(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i] ?? 0, i * 2);
  return out;
}

/** Caller audio (Twilio μ-law) → the session's input format. */
export function callerToSession(type: SessionAudioType): AudioConverter {
  if (type === 'audio/pcmu') return passThrough;
  if (type === 'audio/pcma') return (bytes) => Buffer.from(mulawToAlaw(bytes));
  const upsampler = new Upsampler();
  return (bytes) => pcm16ToBuffer(upsampler.process(mulawToLinear(bytes)));
}

/** Assistant audio in the session's output format → Twilio μ-law. */
export function sessionToCaller(type: SessionAudioType): AudioConverter {
  if (type === 'audio/pcmu') return passThrough;
  if (type === 'audio/pcma') return (bytes) => Buffer.from(alawToMulaw(bytes));
  const downsampler = new Downsampler();
  // Deltas may split a 16-bit sample; its first byte waits for the next delta.
  let carry: Buffer | null = null;
  return (bytes) => {
    const data = carry ? Buffer.concat([carry, bytes]) : bytes;
    const whole = data.length - (data.length % 2);
    carry = whole < data.length ? Buffer.from(data.subarray(whole)) : null;
    const samples = new Int16Array(whole / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
    return Buffer.from(linearToMulaw(downsampler.process(samples)));
  };
}

/**
 * Audio in `from` → `to`. Between μ-law and another format it is the converters above; between
 * A-law and PCM16 (a browser leg meeting a session that chose another format than asked) it goes
 * through μ-law, which costs a little quality on a path that should not happen.
 */
export function convertAudio(from: SessionAudioType, to: SessionAudioType): AudioConverter {
  if (from === to) return passThrough;
  if (from === 'audio/pcmu') return callerToSession(to);
  if (to === 'audio/pcmu') return sessionToCaller(from);
  const toMulaw = sessionToCaller(from);
  const fromMulaw = callerToSession(to);
  return (bytes) => fromMulaw(toMulaw(bytes));
}

/** One of the GA session's audio types (what `session.updated` may name). */
export function isAudioType(value: string): value is SessionAudioType {
  return value === 'audio/pcmu' || value === 'audio/pcma' || value === 'audio/pcm';
}
