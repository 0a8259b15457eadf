/**
 * Caller key presses (issue 23): Twilio's `dtmf` frames reach the transcript (streamed to the
 * owner's consoles and stored) and the model (a user message it answers), a burst of keys as one
 * entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionMessage } from '../../shared/types/session.js';
import { startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;

const keyMessages = (received: Json[]) =>
  received
    .filter((e) => e.type === 'conversation.item.create' && (e.item as Json).type === 'message')
    .map((e) => ((e.item as { content: { text: string }[] }).content[0]?.text ?? '') as string);

describe('caller key presses', () => {
  it('sends a burst of keys to the model as one message it answers, and to the transcript as one line', async () => {
    const o = await h.owner();
    const events = await o.console();
    const call = await h.incomingCall(o);
    await waitUntil(() => call.realtime.received.some((e) => e.type === 'session.update'));
    const responsesBefore = call.realtime.received.filter((e) => e.type === 'response.create').length;
    call.twilio.pressDigit('1');
    call.twilio.pressDigit('2');
    call.twilio.pressDigit('#');

    await waitUntil(() => keyMessages(call.realtime.received).length === 1);
    expect(keyMessages(call.realtime.received)[0]).toContain('1 2 #');
    // Keys make no speech, so nothing starts a response but the bridge.
    await waitUntil(
      () => call.realtime.received.filter((e) => e.type === 'response.create').length === responsesBefore + 1,
    );
    const order = call.realtime.received.map((e) => e.type);
    expect(order.lastIndexOf('response.create')).toBeGreaterThan(order.lastIndexOf('conversation.item.create'));

    let line: Json | null = null;
    while (!line) {
      const m = (await events.nextMessage()) as unknown as Json;
      if (m.type === 'call.message' && m.message_type === 'user') line = m;
    }
    expect(line).toMatchObject({ streamSid: call.streamSid, transcript: 'Caller pressed 1 2 #' });

    call.twilio.pressDigit('4');
    call.twilio.pressDigit('2');
    // No `#`: the entry ends when the caller pauses.
    await waitUntil(() => keyMessages(call.realtime.received).length === 2);
    expect(keyMessages(call.realtime.received)[1]).toContain('4 2]');

    call.twilio.hangUp();
    await waitUntil(() => h.t.app.calls.size === 0);
    const messages = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<SessionMessage[]>();
    expect(messages.filter((m) => m.type === 'user').map((m) => m.message)).toEqual([
      'Caller pressed 1 2 #',
      'Caller pressed 4 2',
    ]);
  });

  it('ignores a dtmf frame that carries no key', async () => {
    const o = await h.owner();
    const call = await h.incomingCall(o);
    await waitUntil(() => call.realtime.received.some((e) => e.type === 'session.update'));
    call.twilio.pressDigit('x');
    call.twilio.pressDigit('');
    call.twilio.pressDigit('7');
    await waitUntil(() => keyMessages(call.realtime.received).length === 1);
    expect(keyMessages(call.realtime.received)[0]).toContain(': 7]');
    call.twilio.hangUp();
  });
});
