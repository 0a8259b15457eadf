/**
 * Transcripts (spec part 1 §4 "Transcript"): caller and agent speech reach the owner's consoles
 * as call.message deltas of one item id with rising timestamps, and each item is stored once,
 * as one message row, in the order it was spoken, even when the caller's transcript comes after
 * the agent's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallMessageEvent } from '../../shared/protocol.js';
import type { SessionMessage } from '../../shared/types/session.js';
import type { FakeRealtimeBehaviour } from '../fixtures/fakeRealtimeBehaviour.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import { startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

/** A call where the caller says one thing and the agent answers; returns its transcript events and rows. */
async function conversation(
  model: 'whisper-1' | 'gpt-4o-mini-transcribe',
  behaviour: Partial<FakeRealtimeBehaviour> = {},
) {
  const o = await h.owner({ agent: { transcription: true, transcription_model: model } });
  const events = await o.console();
  h.realtime.setBehaviour({
    userTranscripts: ['I would like to book a table'],
    responses: [{ text: 'Of course, for how many people?', audioMs: 400 }],
    ...behaviour,
  });
  const call = await h.incomingCall(o).finally(() =>
    h.realtime.setBehaviour({
      userTranscripts: [],
      responses: [],
      transcriptAfterResponse: false,
      legacyEventNames: false,
    }),
  );
  await call.realtime.waitFor('session.update');
  call.twilio.say(toneMulaw(300, 400));
  await waitUntil(
    () =>
      call.realtime.sent.some((e) => e.type === 'response.done') &&
      call.realtime.sent.some((e) => e.type === 'conversation.item.input_audio_transcription.completed'),
  );
  await call.twilio.waitFor((m) => m.event === 'media');
  // The fake having written the caller's transcript does not mean the bridge has read it: the
  // hang-up travels on another socket. Hang up once the owner's console has seen both texts.
  const messages: CallMessageEvent[] = [];
  const heard = () =>
    textOf(messages, 'user') === 'I would like to book a table' &&
    textOf(messages, 'assistant') === 'Of course, for how many people?';
  while (!heard()) {
    const m = await events.nextMessage();
    if (m.type === 'call.message') messages.push(m);
  }
  call.twilio.hangUp();
  for (let m = await events.nextMessage(); m.type !== 'session.ended'; m = await events.nextMessage())
    if (m.type === 'call.message') messages.push(m);
  const rows = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<SessionMessage[]>();
  return { messages, rows, call };
}

function textOf(messages: CallMessageEvent[], type: string): string {
  return messages
    .filter((m) => m.message_type === type)
    .map((m) => m.message)
    .join('');
}

describe('transcripts', () => {
  it('streams caller and agent text as deltas of one item each, and stores one row per item in spoken order', async () => {
    const { messages, rows, call } = await conversation('gpt-4o-mini-transcribe');
    expect(textOf(messages, 'user')).toBe('I would like to book a table');
    expect(textOf(messages, 'assistant')).toBe('Of course, for how many people?');
    for (const type of ['user', 'assistant']) {
      const mine = messages.filter((m) => m.message_type === type);
      expect(mine.length).toBeGreaterThan(1);
      expect(new Set(mine.map((m) => m.item_id)).size).toBe(1);
      const stamps = mine.map((m) => m.timestamp);
      expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
      expect(new Set(stamps).size).toBe(stamps.length);
      // Each delta also carries the item's text so far, for a console that opened mid-sentence.
      let soFar = '';
      for (const delta of mine) {
        soFar += delta.message;
        expect(delta.transcript).toBe(soFar);
      }
    }
    expect(messages.every((m) => m.streamSid === call.streamSid)).toBe(true);
    expect(rows.map((r) => [r.type, r.message])).toEqual([
      ['user', 'I would like to book a table'],
      ['assistant', 'Of course, for how many people?'],
    ]);
    expect(rows[0]!.id).toBe(messages.find((m) => m.message_type === 'user')!.item_id);
  });

  it("sends whisper-1's whole transcript as one message", async () => {
    const { messages } = await conversation('whisper-1');
    expect(messages.filter((m) => m.message_type === 'user').map((m) => m.message)).toEqual([
      'I would like to book a table',
    ]);
  });

  it("keeps the spoken order when the caller's transcript arrives after the answer", async () => {
    const { rows, call } = await conversation('gpt-4o-mini-transcribe', { transcriptAfterResponse: true });
    const sent = call.realtime.sent.map((e) => e.type);
    expect(sent.indexOf('conversation.item.input_audio_transcription.completed')).toBeGreaterThan(
      sent.indexOf('response.done'),
    );
    expect(rows.map((r) => r.type)).toEqual(['user', 'assistant']);
  });

  it('reads the beta-era event names some GA models still send', async () => {
    const { messages, call } = await conversation('gpt-4o-mini-transcribe', { legacyEventNames: true });
    expect(call.realtime.sent.some((e) => e.type === 'response.audio.delta')).toBe(true);
    expect(call.twilio.receivedAudio().length).toBeGreaterThan(0);
    expect(textOf(messages, 'assistant')).toBe('Of course, for how many people?');
  });
});
