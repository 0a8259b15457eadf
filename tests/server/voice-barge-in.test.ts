/**
 * Speak first and barge-in (VOICE.md §3.5): when the caller talks over the agent, Twilio's queued
 * audio is cleared and the agent's item is truncated at what was actually played, both while the
 * response is still being generated and after it is done but still playing; late audio of the
 * interrupted response never reaches the caller. "Actually played" is checked without timing:
 * the truncation point is where the fake Twilio had played up to when it echoed one of the marks,
 * and never past what it had played when the clear came (how close, in ms, is the bench's job).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTwilioCall } from '../fixtures/fakeTwilioCall.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import { type RingingCall, startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;

/**
 * The truncation point is a played position Twilio reported with a mark: no earlier than the last
 * one it reported before the caller spoke (the server had it before the caller's audio), and no
 * later than what had played when the clear came.
 */
function expectTruncatedAtPlayed(twilio: FakeTwilioCall, audioEndMs: number, heardBeforeSpeech: number): void {
  const clear = twilio.clears[0]!;
  expect(heardBeforeSpeech).toBeGreaterThan(0);
  expect(audioEndMs).toBeGreaterThanOrEqual(Math.floor(heardBeforeSpeech));
  expect(audioEndMs).toBeLessThanOrEqual(clear.playedMs);
  // Whole milliseconds: the API takes an integer audio_end_ms.
  expect(twilio.playedMarks.map((m) => Math.floor(m.playedMs))).toContain(audioEndMs);
}

/**
 * The caller talks over the agent for `speechMs`: what Twilio had played by then (its last mark),
 * and the truncate the server sends, once Twilio's queue has been cleared.
 */
async function bargeIn(call: RingingCall, speechMs: number) {
  const heard = call.twilio.playedMarks.at(-1)!.playedMs;
  call.twilio.say(toneMulaw(400, speechMs));
  const truncate = await call.realtime.waitFor('conversation.item.truncate');
  await waitUntil(() => call.twilio.clears.length === 1);
  return { heard, truncate };
}

/** Item ids named by the marks the server sent after the n-th received message. */
function markedItemsAfter(twilio: FakeTwilioCall, index: number): Set<string> {
  return new Set(
    twilio.received
      .slice(index)
      .filter((m) => m.event === 'mark')
      .map((m) => String((m.mark as Json).name).split(':')[0]!),
  );
}

describe('speak first', () => {
  it('greets without waiting for the caller when the agent speaks first', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    const call = await h.incomingCall(o);
    await call.twilio.waitFor((m) => m.event === 'media');
    const types = call.realtime.received.map((e) => e.type).filter((t) => t !== 'input_audio_buffer.append');
    expect(types.slice(0, 2)).toEqual(['session.update', 'response.create']);
    expect(call.realtime.sent.some((e) => e.type === 'input_audio_buffer.speech_started')).toBe(false);
    call.twilio.hangUp();
  });

  it('waits for the caller when it does not', async () => {
    const o = await h.owner({ agent: { speakFirst: false } });
    const call = await h.incomingCall(o);
    await call.realtime.waitFor('session.update');
    await new Promise((r) => setTimeout(r, 300));
    expect(call.realtime.received.some((e) => e.type === 'response.create')).toBe(false);
    expect(call.twilio.received.some((m) => m.event === 'media')).toBe(false);
    call.twilio.hangUp();
  });
});

describe('barge-in', () => {
  it('clears and truncates at the played time when the response is done but still playing', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    h.realtime.setBehaviour({
      responses: [{ text: 'Welcome to the shop, we have many offers today.', audioMs: 3000 }],
    });
    const call = await h.incomingCall(o).finally(() => h.realtime.setBehaviour({ responses: [] }));
    await waitUntil(() => call.realtime.sent.some((e) => e.type === 'response.done'));
    await waitUntil(() => call.twilio.playedMs >= 1200);
    const greeting = call.realtime.sent.find((e) => e.type === 'response.output_item.done')!.item as Json;
    const { heard, truncate } = await bargeIn(call, 400);
    const clear = call.twilio.clears[0]!;
    expect(truncate.item_id).toBe(greeting.id);
    expect(truncate.content_index).toBe(0);
    expectTruncatedAtPlayed(call.twilio, Number(truncate.audio_end_ms), heard);
    expect(clear.queuedMs).toBeGreaterThan(0);
    // What reached Twilio is well-formed (VOICE.md §5.2.4): this stream's SID everywhere, raw
    // μ-law without a WAV header, named marks.
    for (const message of call.twilio.received) {
      expect(message.streamSid).toBe(call.streamSid);
      if (message.event === 'media')
        expect(
          Buffer.from(String((message.media as Json).payload), 'base64')
            .subarray(0, 4)
            .toString(),
        ).not.toBe('RIFF');
      if (message.event === 'mark') expect(String((message.mark as Json).name)).not.toBe('');
    }
    expect(new Set(call.twilio.received.map((m) => m.event))).toEqual(new Set(['media', 'mark', 'clear']));
    // The server's VAD cancels on its own (interrupt_response), so no client cancel is sent.
    expect(call.realtime.received.some((e) => e.type === 'response.cancel')).toBe(false);
    expect(call.realtime.sent.filter((e) => e.type === 'error')).toEqual([]);
    call.twilio.hangUp();
  });

  it('clears, truncates and drops the late audio of a response cut off while being generated', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    h.realtime.setBehaviour({
      speedup: 1,
      lateDeltasAfterCancel: 3,
      responses: [
        { text: 'This is a long answer that goes on and on and on.', audioMs: 5000 },
        { text: 'Sure.', audioMs: 300 },
      ],
    });
    try {
      const call = await h.incomingCall(o);
      await waitUntil(() => call.twilio.playedMs >= 600);
      const greeting = call.realtime.sent.find((e) => e.type === 'response.output_item.added')!.item as Json;
      const { heard, truncate } = await bargeIn(call, 300);
      const clearIndex = call.twilio.received.findIndex((m) => m.event === 'clear');
      await waitUntil(() => call.realtime.sent.some((e) => e.type === 'response.done'));
      const cancelled = call.realtime.sent.find((e) => e.type === 'response.done')!.response as Json;
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.status_details).toEqual({ type: 'cancelled', reason: 'turn_detected' });
      expect(truncate.item_id).toBe(greeting.id);
      expectTruncatedAtPlayed(call.twilio, Number(truncate.audio_end_ms), heard);
      // The reply to the caller's turn plays; nothing of the cut-off item comes after the clear.
      await waitUntil(() => call.realtime.sent.filter((e) => e.type === 'response.done').length === 2);
      await call.twilio.waitFor((m) => m.event === 'media' && call.twilio.received.indexOf(m) > clearIndex);
      expect(markedItemsAfter(call.twilio, clearIndex).has(String(greeting.id))).toBe(false);
      const lateDeltas = call.realtime.sent.filter(
        (e, i) =>
          e.type === 'response.output_audio.delta' &&
          e.item_id === greeting.id &&
          i >
            call.realtime.sent.indexOf(call.realtime.sent.find((x) => x.type === 'input_audio_buffer.speech_started')!),
      );
      expect(lateDeltas.length).toBeGreaterThan(0);
      call.twilio.hangUp();
    } finally {
      h.realtime.setBehaviour({ speedup: 4, lateDeltasAfterCancel: 1, responses: [] });
    }
  });

  it('survives the harmless "already shorter" error of an over-long truncate', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    const call = await h.incomingCall(o);
    await call.twilio.waitFor((m) => m.event === 'media');
    // A truncate past the audio's end is answered with an error the call must survive.
    call.realtime.error({
      type: 'invalid_request_error',
      code: 'invalid_value',
      message: 'Audio content of 600ms is already shorter than 900ms',
      param: null,
      event_id: null,
    });
    call.realtime.error({
      type: 'invalid_request_error',
      code: 'response_cancel_not_active',
      message: 'Cancellation failed: no active response found',
      param: null,
      event_id: null,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(call.twilio.isOpen).toBe(true);
    expect(call.realtime.isOpen).toBe(true);
    call.twilio.hangUp();
  });
});
