import { describe, expect, it } from 'vitest';
import {
  aLawToLinear,
  decodeG711,
  encodeG711,
  linearToALaw,
  linearToMuLaw,
  muLawToLinear,
} from '../../console/lib/audio/g711.js';
import { decodePcm16, encodePcm16 } from '../../console/lib/audio/pcm16.js';
import { createResampler, resample } from '../../console/lib/audio/resample.js';
import { createFramer, encodeAudio, frameSamples, levelOf } from '../../console/lib/audio/talkCodec.js';

// Reference values of the ITU G.711 reference coder (Sun's g711.c), as Python's audioop gives them.
const LINEAR = [-32768, -8000, -1000, -100, -1, 0, 1, 100, 1000, 8000, 32767];
const MULAW = [0x00, 0x20, 0x4e, 0x72, 0x7e, 0xff, 0xff, 0xf2, 0xce, 0xa0, 0x80];
const ALAW = [0x2a, 0x0a, 0x7a, 0x53, 0x55, 0xd5, 0xd5, 0xd3, 0xfa, 0x8a, 0xaa];

describe('G.711', () => {
  it('encodes linear samples to the reference μ-law and A-law codes', () => {
    expect(LINEAR.map(linearToMuLaw)).toEqual(MULAW);
    expect(LINEAR.map(linearToALaw)).toEqual(ALAW);
  });

  it('decodes μ-law and A-law codes to the reference linear values', () => {
    expect([0x00, 0x0f, 0x35, 0x7f, 0x80, 0xce, 0xff].map(muLawToLinear)).toEqual([
      -32124, -16764, -3260, 0, 32124, 988, 0,
    ]);
    expect([0x00, 0x2a, 0x55, 0x7f, 0x80, 0xd5, 0xfa, 0xff].map(aLawToLinear)).toEqual([
      -5504, -32256, -8, -848, 5504, 8, 1008, 848,
    ]);
  });

  it('round-trips every code: decoding then encoding gives the code back', () => {
    for (let code = 0; code < 256; code++) {
      // 0x7F is μ-law's "negative zero": it decodes to 0, which encodes as 0xFF.
      if (code !== 0x7f) expect(linearToMuLaw(muLawToLinear(code))).toBe(code);
      expect(linearToALaw(aLawToLinear(code))).toBe(code);
    }
  });

  it('keeps a float signal within the codec step on the way through', () => {
    const tone = Float32Array.from({ length: 160 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 400 * i) / 8000));
    for (const law of ['ulaw', 'alaw'] as const) {
      const back = decodeG711(encodeG711(tone, law), law);
      for (let i = 0; i < tone.length; i++) expect(Math.abs((back[i] ?? 0) - (tone[i] ?? 0))).toBeLessThan(0.02);
    }
    // Silence is the codes the phone network idles on.
    expect([...encodeAudio(new Float32Array(3), 'g711_ulaw')]).toEqual([0xff, 0xff, 0xff]);
    expect([...encodeAudio(new Float32Array(2), 'g711_alaw')]).toEqual([0xd5, 0xd5]);
  });
});

describe('PCM16', () => {
  it('writes little-endian 16-bit samples, clamped, and reads them back', () => {
    const bytes = encodePcm16(Float32Array.from([0, 1, -1, 2, 0.5]));
    expect([...bytes]).toEqual([0, 0, 0xff, 0x7f, 0x00, 0x80, 0xff, 0x7f, 0x00, 0x40]);
    const back = decodePcm16(bytes);
    expect(back[1]).toBeCloseTo(1, 3);
    expect(back[2]).toBe(-1);
    expect(back[4]).toBeCloseTo(0.5, 3);
  });
});

describe('resampling', () => {
  it('gives length × toRate ÷ fromRate samples', () => {
    expect(resample(new Float32Array(48000), 48000, 8000)).toHaveLength(8000);
    expect(resample(new Float32Array(44100), 44100, 8000)).toHaveLength(8000);
    expect(resample(new Float32Array(960), 48000, 24000)).toHaveLength(480);
    expect(resample(new Float32Array(160), 8000, 24000)).toHaveLength(480);
    expect(resample(new Float32Array(100), 16000, 16000)).toHaveLength(100);
  });

  it('streams chunk by chunk to the same length and samples as one pass', () => {
    const input = Float32Array.from({ length: 4410 }, (_, i) => Math.sin(i / 7));
    const whole = resample(input, 44100, 8000);
    const resampler = createResampler(44100, 8000);
    const parts: number[] = [];
    for (let offset = 0; offset < input.length; offset += 128)
      parts.push(...resampler.push(input.slice(offset, offset + 128)));
    parts.push(...resampler.flush());
    expect(parts).toHaveLength(whole.length);
    for (const [i, sample] of parts.entries()) expect(sample).toBeCloseTo(whole[i] ?? NaN, 5);
  });

  it('keeps a voice-band tone and removes a tone above the new Nyquist frequency', () => {
    const tone = (hz: number) =>
      Float32Array.from({ length: 48000 }, (_, i) => Math.sin((2 * Math.PI * hz * i) / 48000));
    const peak = (samples: Float32Array) => Math.max(...samples.slice(1000, 7000).map(Math.abs));
    expect(peak(resample(tone(400), 48000, 8000))).toBeGreaterThan(0.95);
    // 6 kHz would fold back to 2 kHz at 8 kHz without the low-pass.
    expect(peak(resample(tone(6000), 48000, 8000))).toBeLessThan(0.05);
  });
});

describe('frames and level', () => {
  it('cuts 20 ms frames and keeps the remainder for the next push', () => {
    expect(frameSamples(8000, 20)).toBe(160);
    expect(frameSamples(24000, 20)).toBe(480);
    const framer = createFramer(160);
    expect(framer(new Float32Array(100))).toHaveLength(0);
    const frames = framer(new Float32Array(300));
    expect(frames.map((frame) => frame.length)).toEqual([160, 160]);
    expect(framer(new Float32Array(120))).toHaveLength(1);
  });

  it('reads silence as 0 and a full-scale signal as 1', () => {
    expect(levelOf(new Float32Array(160))).toBe(0);
    expect(levelOf(new Float32Array(160).fill(1))).toBe(1);
    const quiet = levelOf(new Float32Array(160).fill(0.01));
    expect(quiet).toBeGreaterThan(0.2);
    expect(quiet).toBeLessThan(0.5);
  });
});
