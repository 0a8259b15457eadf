/**
 * Sample-rate conversion for the Talk microphone (VOICE.md §11.2 "Resampling"): the AudioContext
 * runs at the device's own rate (Firefox refuses a MediaStream into a context of another rate), and
 * the call wants 8 kHz (or 24 kHz for PCM16). Each output sample is a windowed-sinc interpolation
 * of the input, whose cutoff sits below the lower Nyquist frequency, so decimating 48 kHz to 8 kHz
 * does not fold the 4–24 kHz band back into the call as noise.
 */

/** Zero crossings of the kernel on each side: sharper cutoff for more work per sample. */
const ZERO_CROSSINGS = 8;
/** The cutoff as a share of the lower Nyquist frequency, leaving room for the window's slope. */
const CUTOFF = 0.9;

export interface Resampler {
  /** The output samples the input so far allows; keeps what later output still needs. */
  push(input: Float32Array): Float32Array;
  /** The rest of the output, as if the input ended in silence. */
  flush(): Float32Array;
}

const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));

/** A streaming converter from `fromRate` to `toRate` (Hz); a copy when they are equal. */
export function createResampler(fromRate: number, toRate: number): Resampler {
  if (!(fromRate > 0 && toRate > 0)) throw new RangeError(`Bad sample rates ${fromRate} → ${toRate}`);
  if (fromRate === toRate) return { push: (input) => input.slice(), flush: () => new Float32Array(0) };

  const step = fromRate / toRate;
  // The kernel's bandwidth in input samples: the lower of the two Nyquist frequencies.
  const band = Math.min(1, toRate / fromRate) * CUTOFF;
  const half = Math.ceil(ZERO_CROSSINGS / band);
  let kept = new Float32Array(0);
  // Absolute index (in the whole input) of kept[0], input seen so far, and the next output's index.
  let keptStart = 0;
  let received = 0;
  let produced = 0;

  const sampleAt = (index: number) => (index < keptStart ? 0 : (kept[index - keptStart] ?? 0));

  const outputAt = (time: number) => {
    const centre = Math.floor(time);
    let sum = 0;
    let weights = 0;
    for (let index = centre - half + 1; index <= centre + half; index++) {
      const distance = time - index;
      if (Math.abs(distance) >= half) continue;
      const weight = band * sinc(band * distance) * (0.5 + 0.5 * Math.cos((Math.PI * distance) / half));
      sum += weight * sampleAt(index);
      weights += weight;
    }
    // Normalised so a constant stays that constant, whatever the fractional position.
    return weights === 0 ? 0 : sum / weights;
  };

  const drain = (until: (time: number) => boolean) => {
    const out: number[] = [];
    while (until(produced * step)) {
      out.push(outputAt(produced * step));
      produced += 1;
    }
    // Forget what no later output reaches.
    const needed = Math.floor(produced * step) - half + 1;
    if (needed > keptStart) {
      kept = kept.slice(Math.min(needed - keptStart, kept.length));
      keptStart = Math.min(needed, received);
    }
    return Float32Array.from(out);
  };

  return {
    push(input) {
      const joined = new Float32Array(kept.length + input.length);
      joined.set(kept);
      joined.set(input, kept.length);
      kept = joined;
      received += input.length;
      return drain((time) => Math.floor(time) + half < received);
    },
    flush() {
      return drain((time) => time < received);
    },
  };
}

/** The whole of `input` at another rate: ⌈length × toRate ÷ fromRate⌉ samples. */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  const resampler = createResampler(fromRate, toRate);
  const head = resampler.push(input);
  const tail = resampler.flush();
  const out = new Float32Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}
