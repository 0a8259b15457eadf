/**
 * Talk (issue 20), the audio: the browser speaks the agent's own format (μ-law unless changed)
 * and the bytes pass through untouched both ways, as a phone call's do; `highQuality` speaks
 * PCM16 at the GA 24 kHz; marks track what the browser played, and a barge-in clears the
 * browser's queue and truncates the agent's item where the browser stopped hearing it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTalkBrowser } from '../fixtures/fakeTalkBrowser.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import { talkCall } from '../helpers/talkHarness.js';
import { startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;

const deltasOf = (sent: Json[]) =>
  Buffer.concat(
    sent.filter((e) => e.type === 'response.output_audio.delta').map((e) => Buffer.from(String(e.delta), 'base64')),
  );

/** Every frame the browser sent reached the API as one append of the very same bytes, in order. */
function expectAppendedAsSent(browser: FakeTalkBrowser, received: Json[]): void {
  const appended = received.filter((e) => e.type === 'input_audio_buffer.append').map((e) => String(e.audio));
  const sent = browser.sentFrames.map((frame) => frame.toString('base64'));
  expect(appended.length).toBeGreaterThan(10);
  // The last few may still be on their way when the test looks.
  expect(appended).toEqual(sent.slice(0, appended.length));
}

describe('audio formats', () => {
  it('speaks μ-law by default and passes its bytes through unchanged both ways', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    h.realtime.setBehaviour({ responses: [{ text: 'Hello from the agent.', audioMs: 800 }] });
    const call = await talkCall(h, o).finally(() => h.realtime.setBehaviour({ responses: [] }));
    expect(call.browser.ready).toEqual({
      type: 'ready',
      sessionId: call.sessionId,
      format: 'g711_ulaw',
      sampleRate: 8000,
      frameMs: 20,
      unsaved: false,
    });
    const update = (await call.realtime.waitFor('session.update')).session as Json;
    expect((update.audio as Json).input).toMatchObject({ format: { type: 'audio/pcmu' } });
    expect((update.audio as Json).output).toMatchObject({ format: { type: 'audio/pcmu' } });
    await waitUntil(() => call.realtime.sent.some((e) => e.type === 'response.done'));
    const agentAudio = deltasOf(call.realtime.sent);
    await waitUntil(() => call.browser.receivedAudio().length === agentAudio.length);
    expect(call.browser.receivedAudio().equals(agentAudio)).toBe(true);
    call.browser.say(toneMulaw(400, 300));
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'input_audio_buffer.append').length > 20);
    expectAppendedAsSent(call.browser, call.realtime.received);
    call.browser.hangUp();
    await call.browser.closed;
  });

  it('speaks the agent’s A-law when that is its format', async () => {
    const o = await h.owner({ agent: { input_audio_format: 'g711_alaw', output_audio_format: 'g711_alaw' } });
    const call = await talkCall(h, o);
    expect(call.browser.ready).toMatchObject({ format: 'g711_alaw', sampleRate: 8000 });
    const update = (await call.realtime.waitFor('session.update')).session as Json;
    expect((update.audio as Json).input).toMatchObject({ format: { type: 'audio/pcma' } });
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'input_audio_buffer.append').length > 10);
    expectAppendedAsSent(call.browser, call.realtime.received);
    call.browser.close();
  });

  it('speaks PCM16 at 24 kHz both ways with highQuality, passed through', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    h.realtime.setBehaviour({ responses: [{ text: 'High quality.', audioMs: 600 }] });
    const call = await talkCall(h, o, { highQuality: true }).finally(() => h.realtime.setBehaviour({ responses: [] }));
    expect(call.browser.ready).toMatchObject({ format: 'pcm16', sampleRate: 24000, frameMs: 20 });
    const update = (await call.realtime.waitFor('session.update')).session as Json;
    expect((update.audio as Json).input).toMatchObject({ format: { type: 'audio/pcm', rate: 24000 } });
    expect((update.audio as Json).output).toMatchObject({ format: { type: 'audio/pcm', rate: 24000 } });
    await waitUntil(() => call.realtime.sent.some((e) => e.type === 'response.done'));
    const agentAudio = deltasOf(call.realtime.sent);
    await waitUntil(() => call.browser.receivedAudio().length === agentAudio.length);
    expect(call.browser.receivedAudio().equals(agentAudio)).toBe(true);
    // 20 ms of PCM16 at 24 kHz is 960 bytes.
    expect(call.browser.sentFrames[0]!.length).toBe(960);
    await waitUntil(() => call.realtime.received.filter((e) => e.type === 'input_audio_buffer.append').length > 10);
    expectAppendedAsSent(call.browser, call.realtime.received);
    call.browser.close();
  });
});

describe('marks and barge-in', () => {
  it('clears the browser and truncates at the played position when the operator talks over the agent', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    h.realtime.setBehaviour({ responses: [{ text: 'Welcome, we have many offers for you today.', audioMs: 3000 }] });
    const call = await talkCall(h, o).finally(() => h.realtime.setBehaviour({ responses: [] }));
    const { browser } = call;
    await waitUntil(() => call.realtime.sent.some((e) => e.type === 'response.done'));
    await waitUntil(() => browser.playedSinceClearMs >= 1200);
    const greeting = call.realtime.sent.find((e) => e.type === 'response.output_item.done')!.item as Json;
    const heard = browser.playedMarks.at(-1)!.playedMs;
    browser.say(toneMulaw(400, 400));
    const truncate = await call.realtime.waitFor('conversation.item.truncate');
    await waitUntil(() => browser.clears.length === 1);
    const clear = browser.clears[0]!;
    expect(truncate.item_id).toBe(greeting.id);
    const audioEndMs = Number(truncate.audio_end_ms);
    // Where the browser said it had played: no earlier than its last mark before the operator
    // spoke, no later than what had played when the clear came, and one of its mark positions.
    expect(heard).toBeGreaterThan(0);
    expect(audioEndMs).toBeGreaterThanOrEqual(Math.floor(heard));
    expect(audioEndMs).toBeLessThanOrEqual(clear.playedMs);
    expect(browser.playedMarks.map((m) => Math.floor(m.playedMs))).toContain(audioEndMs);
    expect(clear.queuedMs).toBeGreaterThan(0);
    // Every mark the server sent names the item and is followed by nothing of the cut item after the clear.
    const clearIndex = browser.messages.findIndex((m) => m.type === 'clear');
    const marksAfter = browser.messages.slice(clearIndex).filter((m) => m.type === 'mark');
    expect(marksAfter.some((m) => m.type === 'mark' && m.name.startsWith(`${String(greeting.id)}:`))).toBe(false);
    expect(call.realtime.sent.filter((e) => e.type === 'error')).toEqual([]);
    browser.close();
  });
});
