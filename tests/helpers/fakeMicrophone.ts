/**
 * Chromium's fake microphone for the Talk stories and bench (VOICE.md §11.6): a WAV made here, in
 * the one format Chromium takes from a file (16-bit PCM; it refuses μ-law WAV), played in a loop
 * as the microphone by --use-file-for-fake-audio-capture. The flags are read when the browser
 * launches, so the file is written at module load of whoever asks for them, before any launch.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LaunchOptions } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromiumLaunch.js';

const RATE = 16_000;

/** One loop of the microphone: silence, a burst of speech-like syllables, silence. */
export const FAKE_SPEECH = { silenceBeforeMs: 2000, speechMs: 1000, silenceAfterMs: 2000 } as const;

/** A 44-byte RIFF header and the samples: mono 16-bit PCM (format tag 1). */
function wav(samples: Int16Array, rate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => {
    data.writeInt16LE(s, i * 2);
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * Syllables rather than a steady tone: the microphone's processing (noise suppression and gain
 * control are on, as for any operator) learns a steady tone as noise and fades it (a 440 Hz tone
 * fell to a thirteenth of its level within three seconds here), while syllables keep their level.
 * Each syllable has its own pitch and a few harmonics under a smooth envelope, with short gaps
 * well inside the VAD's silence window.
 */
function speechLike(ms: number, rate: number): Float32Array {
  const out = new Float32Array(Math.round((rate * ms) / 1000));
  const syllable = Math.round(rate * 0.18);
  const gap = Math.round(rate * 0.06);
  for (let start = 0, n = 0; start < out.length; start += syllable + gap, n++) {
    const pitch = 130 + ((n * 47) % 110);
    for (let i = 0; i < syllable && start + i < out.length; i++) {
      const t = i / rate;
      const envelope = Math.sin((Math.PI * i) / syllable) ** 2;
      let value = 0;
      for (let h = 1; h <= 5; h++) value += Math.sin(2 * Math.PI * pitch * h * t) / h;
      out[start + i] = 0.45 * envelope * value;
    }
  }
  return out;
}

function microphoneLoop(): Int16Array {
  const at = (ms: number) => Math.round((RATE * ms) / 1000);
  const { silenceBeforeMs, speechMs, silenceAfterMs } = FAKE_SPEECH;
  const samples = new Int16Array(at(silenceBeforeMs + speechMs + silenceAfterMs));
  speechLike(speechMs, RATE).forEach((v, i) => {
    samples[at(silenceBeforeMs) + i] = Math.round(Math.max(-1, Math.min(1, v)) * 0x7fff);
  });
  return samples;
}

/** Writes the microphone's WAV into a fresh temporary folder and answers its path. */
export function writeFakeMicrophoneWav(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'switchboard-mic-')), 'speech.wav');
  writeFileSync(file, wav(microphoneLoop(), RATE));
  return file;
}

/**
 * Debian's Chromium with the fake microphone playing `wavPath`, the permission prompt answered
 * Allow, and audio that may play without a gesture (the bench clicks from a script).
 */
export function fakeMicrophoneLaunchOptions(wavPath: string): LaunchOptions {
  return {
    ...CHROMIUM_LAUNCH_OPTIONS,
    args: [
      ...(CHROMIUM_LAUNCH_OPTIONS.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavPath}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  };
}
