/**
 * Streaming 8 kHz ↔ 24 kHz resampling for the `audio/pcm` (24 kHz PCM16) session format: Twilio
 * speaks 8 kHz, the Realtime API's PCM only 24 kHz. One linear-phase FIR low-pass (Kaiser
 * window, β 7, 96 taps, cut-off 4 kHz at 24 kHz) serves both ways: it removes the images of
 * zero-stuffed upsampling and the alias band before keeping every third sample when
 * downsampling. Polyphase evaluation skips the zero taps, so a 20 ms frame costs about 15 k
 * multiply-adds each way. Both resamplers keep their history between calls, so a stream cut into
 * frames of any length sounds the same as one piece.
 */

export const RESAMPLE_FACTOR = 3;
const TAPS = 96;
const KAISER_BETA = 7;
/** Cut-off as a fraction of the 24 kHz rate: 4 kHz, the 8 kHz side's Nyquist frequency. */
const CUTOFF = 1 / 6;

/** Modified Bessel function of the first kind, order 0 (series; converges fast for β ≤ 10). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

function designLowPass(): Float64Array {
  const taps = new Float64Array(TAPS);
  const middle = (TAPS - 1) / 2;
  let sum = 0;
  for (let n = 0; n < TAPS; n++) {
    const t = n - middle;
    const sinc = t === 0 ? 2 * CUTOFF : Math.sin(2 * Math.PI * CUTOFF * t) / (Math.PI * t);
    const ratio = t / middle;
    const window = besselI0(KAISER_BETA * Math.sqrt(1 - ratio * ratio)) / besselI0(KAISER_BETA);
    taps[n] = sinc * window;
    sum += taps[n] ?? 0;
  }
  for (let n = 0; n < TAPS; n++) taps[n] = (taps[n] ?? 0) / sum;
  return taps;
}

const LOW_PASS = designLowPass();
const PHASE_LENGTH = TAPS / RESAMPLE_FACTOR;
/** PHASES[p][k] = h[3k + p] × 3: the upsampler's sub-filters, gain restored for the zeros. */
const PHASES = Array.from({ length: RESAMPLE_FACTOR }, (_, p) =>
  Float64Array.from({ length: PHASE_LENGTH }, (_, k) => (LOW_PASS[RESAMPLE_FACTOR * k + p] ?? 0) * RESAMPLE_FACTOR),
);

// Indexed reads in this file stay inside arrays sized by the same constants (the history window
// holds TAPS samples before the newest), so `?? 0` only satisfies the unchecked-index type.
function toInt16(value: number): number {
  const rounded = Math.round(value);
  return Math.min(32767, Math.max(-32768, rounded));
}

/**
 * The last `length` samples, newest last, as a window readable without wrapping: every sample is
 * written twice, `length` apart, so `window()` is one contiguous run ending at the newest.
 */
class History {
  readonly #data: Float64Array;
  #next = 0;

  constructor(readonly length: number) {
    this.#data = new Float64Array(length * 2);
  }

  push(sample: number): void {
    this.#data[this.#next] = sample;
    this.#data[this.#next + this.length] = sample;
    this.#next = (this.#next + 1) % this.length;
  }

  /** The data array and the index of the newest sample; older ones precede it. */
  newest(): [Float64Array, number] {
    return [this.#data, this.#next + this.length - 1];
  }
}

/** 8 kHz → 24 kHz: three output samples per input sample. */
export class Upsampler {
  readonly #history = new History(PHASE_LENGTH);

  process(input: Int16Array): Int16Array {
    const out = new Int16Array(input.length * RESAMPLE_FACTOR);
    for (let m = 0; m < input.length; m++) {
      this.#history.push(input[m] ?? 0);
      const [data, newest] = this.#history.newest();
      for (const [p, phase] of PHASES.entries()) {
        let acc = 0;
        for (let k = 0; k < PHASE_LENGTH; k++) acc += (phase[k] ?? 0) * (data[newest - k] ?? 0);
        out[m * RESAMPLE_FACTOR + p] = toInt16(acc);
      }
    }
    return out;
  }
}

/** 24 kHz → 8 kHz: filters, then keeps every third sample (across chunk boundaries). */
export class Downsampler {
  readonly #history = new History(TAPS);
  /** Input samples to take before the next output sample. */
  #untilNext = 1;

  process(input: Int16Array): Int16Array {
    const out = new Int16Array(Math.ceil((input.length + RESAMPLE_FACTOR - this.#untilNext) / RESAMPLE_FACTOR));
    let count = 0;
    for (let i = 0; i < input.length; i++) {
      this.#history.push(input[i] ?? 0);
      this.#untilNext -= 1;
      if (this.#untilNext > 0) continue;
      this.#untilNext = RESAMPLE_FACTOR;
      const [data, newest] = this.#history.newest();
      let acc = 0;
      for (let n = 0; n < TAPS; n++) acc += (LOW_PASS[n] ?? 0) * (data[newest - n] ?? 0);
      out[count++] = toInt16(acc);
    }
    return out.subarray(0, count);
  }
}
