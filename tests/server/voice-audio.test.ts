import { describe, expect, it } from 'vitest';
import { base64ByteLength, callerToSession, sessionToCaller } from '../../server/voice/audio/callAudio.js';
import {
  alawToLinear,
  alawToMulaw,
  linearToAlaw,
  linearToMulaw,
  mulawToAlaw,
  mulawToLinear,
} from '../../server/voice/audio/g711.js';
import { Downsampler, Upsampler } from '../../server/voice/audio/Resampler.js';
import { decodeMulaw, sineSnrDb, tone, toneMulaw } from '../helpers/audioSignals.js';

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

describe('G.711', () => {
  it('decodes μ-law and A-law reference code words', () => {
    expect(Array.from(mulawToLinear(Uint8Array.of(0xff, 0x7f, 0x80, 0x00, 0xf0)))).toEqual([0, 0, 32124, -32124, 120]);
    expect(Array.from(alawToLinear(Uint8Array.of(0xd5, 0x55, 0xaa, 0x2a)))).toEqual([8, -8, 32256, -32256]);
  });

  it('re-encodes every decoded code word to itself (μ-law −0 becomes +0)', () => {
    const mulaw = linearToMulaw(mulawToLinear(ALL_BYTES));
    ALL_BYTES.forEach((byte) => {
      expect(mulaw[byte]).toBe(byte === 0x7f ? 0xff : byte);
    });
    expect(Array.from(linearToAlaw(alawToLinear(ALL_BYTES)))).toEqual(Array.from(ALL_BYTES));
  });

  it('transcodes μ-law ↔ A-law within one quantisation step', () => {
    const back = mulawToLinear(alawToMulaw(mulawToAlaw(ALL_BYTES)));
    const original = mulawToLinear(ALL_BYTES);
    original.forEach((value, i) => {
      expect(Math.abs(back[i]! - value)).toBeLessThanOrEqual(Math.max(16, Math.abs(value) * 0.07));
    });
  });
});

describe('8 ↔ 24 kHz resampling', () => {
  it('makes three samples of one and keeps a 1 kHz tone clean (SNR above 60 dB)', () => {
    const up = new Upsampler().process(tone(1000, 200));
    expect(up.length).toBe(4800);
    expect(sineSnrDb(up, 1000, 24000, 200)).toBeGreaterThan(60);
  });

  it('removes what 8 kHz cannot carry before decimating (a 6 kHz tone is attenuated by 40 dB or more)', () => {
    const down = new Downsampler().process(tone(6000, 200, 12000, 24000));
    expect(down.length).toBe(1600);
    const rms = Math.sqrt(down.slice(100).reduce((s, v) => s + v * v, 0) / (down.length - 100));
    expect(20 * Math.log10(rms / (12000 / Math.SQRT2))).toBeLessThan(-40);
  });

  it('gives the same output whatever the chunking', () => {
    const input = tone(700, 100, 9000, 24000);
    const whole = new Downsampler().process(input);
    const chunked = new Downsampler();
    const parts: number[] = [];
    for (let i = 0; i < input.length; i += 37) parts.push(...chunked.process(input.subarray(i, i + 37)));
    expect(parts).toEqual(Array.from(whole));
  });
});

describe('caller ↔ session audio', () => {
  it('passes μ-law through untouched, both ways', () => {
    const frame = toneMulaw(440, 20);
    expect(callerToSession('audio/pcmu')(frame)).toBe(frame);
    expect(sessionToCaller('audio/pcmu')(frame)).toBe(frame);
  });

  it('keeps a 1 kHz tone through μ-law → PCM16 24 kHz → μ-law at an SNR of 38 dB or more', () => {
    const toSession = callerToSession('audio/pcm');
    const toCaller = sessionToCaller('audio/pcm');
    const source = toneMulaw(1000, 400);
    const received: Buffer[] = [];
    for (let i = 0; i < source.length; i += 160) {
      const pcm = toSession(source.subarray(i, i + 160));
      expect(pcm.length).toBe(960); // 20 ms at 24 kHz, 16-bit
      // Deltas of odd sizes split samples; the converter must carry the odd byte over.
      received.push(toCaller(pcm.subarray(0, 301)), toCaller(pcm.subarray(301)));
    }
    const out = Buffer.concat(received);
    expect(out.length).toBe(source.length);
    const snr = sineSnrDb(decodeMulaw(out), 1000, 8000, 80);
    // Measured 41.8 dB; one μ-law quantisation of the same tone alone gives 44.6 dB.
    expect(snr).toBeGreaterThan(38);
  });

  it('counts base64 bytes without decoding', () => {
    for (const n of [0, 1, 2, 3, 160, 301]) expect(base64ByteLength(Buffer.alloc(n, 7).toString('base64'))).toBe(n);
  });

  it('transcodes A-law sessions byte for byte', () => {
    const frame = toneMulaw(440, 20);
    const alaw = callerToSession('audio/pcma')(frame);
    expect(alaw.length).toBe(160);
    expect(sineSnrDb(decodeMulaw(sessionToCaller('audio/pcma')(alaw)), 440, 8000)).toBeGreaterThan(30);
  });
});
