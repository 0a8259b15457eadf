/**
 * Test signals and measurements for the voice bridge's audio: tones as μ-law frames, and the
 * signal-to-noise ratio of a received tone (least-squares sine fit at the known frequency, so
 * filter delay and phase need no alignment; everything the fit misses counts as noise).
 */
import { linearToMulaw, mulawToLinear } from '../../server/voice/audio/g711.js';

/** `ms` of a sine tone at 8 kHz, as 16-bit samples. */
export function tone(frequency: number, ms: number, amplitude = 12000, rate = 8000): Int16Array {
  const samples = new Int16Array((rate * ms) / 1000);
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / rate));
  return samples;
}

export function toneMulaw(frequency: number, ms: number, amplitude?: number): Buffer {
  return Buffer.from(linearToMulaw(tone(frequency, ms, amplitude)));
}

/** SNR in dB of `samples` as a sine of `frequency` (skipping `skip` leading samples). */
export function sineSnrDb(samples: Int16Array | number[], frequency: number, rate: number, skip = 0): number {
  const x = Array.from(samples).slice(skip);
  const w = (2 * Math.PI * frequency) / rate;
  // Normal equations for x ≈ a·sin + b·cos + c.
  const basis = x.map((_, i) => [Math.sin(w * (i + skip)), Math.cos(w * (i + skip)), 1]);
  const ata = [0, 1, 2].map((r) => [0, 1, 2].map((c) => basis.reduce((s, row) => s + row[r]! * row[c]!, 0)));
  const atb = [0, 1, 2].map((r) => basis.reduce((s, row, i) => s + row[r]! * x[i]!, 0));
  const coef = solve3(ata, atb);
  let signal = 0;
  let noise = 0;
  x.forEach((value, i) => {
    const fit = basis[i]!.reduce((s, b, k) => s + b * coef[k]!, 0);
    signal += fit * fit;
    noise += (value - fit) ** 2;
  });
  return 10 * Math.log10(signal / noise);
}

function solve3(a: number[][], b: number[]): number[] {
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < 3; col++) {
    const pivot = m
      .slice(col)
      .reduce((best, row, i) => (Math.abs(row[col]!) > Math.abs(m[best]![col]!) ? i + col : best), col);
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let row = 0; row < 3; row++) {
      if (row === col) continue;
      const f = m[row]![col]! / m[col]![col]!;
      for (let k = col; k < 4; k++) m[row]![k]! -= f * m[col]![k]!;
    }
  }
  return m.map((row, i) => row[3]! / row[i]!);
}

/** Decodes μ-law bytes to 16-bit samples. */
export function decodeMulaw(bytes: Uint8Array): Int16Array {
  return mulawToLinear(bytes);
}
