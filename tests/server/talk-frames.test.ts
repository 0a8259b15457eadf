/**
 * Talk (issue 20), frames the protocol does not allow: each closes the socket with 4008 and a
 * reason (never a crash), ends the call if it had started, and the server goes on serving. A
 * frame over the server's WebSocket limit is closed with 1009 by the WebSocket server itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TALK_CLOSE, TALK_MAX_MESSAGE_BYTES } from '../../shared/types/talk.js';
import type { FakeTalkBrowser } from '../fixtures/fakeTalkBrowser.js';
import { openTalk, talkCall } from '../helpers/talkHarness.js';
import { startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
let o: VoiceOwner;
beforeAll(async () => {
  h = await startVoiceHarness();
  o = await h.owner();
});
afterAll(() => h.close());

async function expectRefused(browser: FakeTalkBrowser, reason: RegExp): Promise<void> {
  const closed = await browser.closed;
  expect(closed.code).toBe(TALK_CLOSE.badFrames);
  expect(closed.reason).toMatch(reason);
}

/** A live call of a new owner (each user has one browser call at a time). */
async function liveCall() {
  return talkCall(h, await h.owner());
}

describe('before start', () => {
  it('refuses malformed JSON, another message first, and audio before start', async () => {
    const malformed = openTalk(h, o);
    malformed.sendText('{"type": "start"');
    await expectRefused(malformed, /Malformed message/);
    const mark = openTalk(h, o);
    mark.sendText({ type: 'mark', name: 'x' });
    await expectRefused(mark, /Expected start/);
    const audio = openTalk(h, o);
    await audio.opened();
    audio.sendBinary(Buffer.alloc(160, 0xff));
    await expectRefused(audio, /Expected start before audio/);
    const settings = openTalk(h, o);
    settings.sendText({ type: 'start', settings: 'be nice' });
    await expectRefused(settings, /settings must be an object/);
  });

  it('drops audio sent between start and ready (its format is not agreed yet), and the call goes on', async () => {
    const owner = await h.owner();
    const early = openTalk(h, owner);
    await early.opened();
    early.sendText({ type: 'start' });
    for (let i = 0; i < 3; i++) early.sendBinary(Buffer.alloc(960, 0));
    expect(await early.waitFor((m) => m.type === 'ready')).toMatchObject({ format: 'g711_ulaw' });
    const session = await h.realtime.nextSession();
    await session.waitFor('session.update');
    early.sendBinary(Buffer.alloc(160, 0xff));
    const append = await session.waitFor('input_audio_buffer.append');
    expect(Buffer.from(String(append.audio), 'base64')).toEqual(Buffer.alloc(160, 0xff));
    early.hangUp();
    expect((await early.closed).code).toBe(1000);
  });

  it('takes a start frame of exactly the WebSocket limit and closes one a byte over it with 1009; the server goes on', async () => {
    // Long unsaved instructions (the agent allows 100,000 characters) fill the frame to `bytes`.
    const settingsOf = (bytes: number) => {
      const empty = JSON.stringify({ type: 'start', settings: { instructions: '' } });
      return { instructions: 'x'.repeat(bytes - Buffer.byteLength(empty)) };
    };
    const over = openTalk(h, await h.owner());
    over.sendText({ type: 'start', settings: settingsOf(TALK_MAX_MESSAGE_BYTES + 1) });
    expect((await over.closed).code).toBe(TALK_CLOSE.messageTooBig);

    const owner = await h.owner();
    const exact = openTalk(h, owner);
    const settings = settingsOf(TALK_MAX_MESSAGE_BYTES);
    expect(await exact.start({ settings })).toMatchObject({ unsaved: true });
    const session = await h.realtime.nextSession();
    await session.waitFor('session.update');
    expect(session.config.instructions).toContain(settings.instructions);
    exact.hangUp();
    expect((await exact.closed).code).toBe(1000);
  });

  it('closes a socket that sends no start within 5 seconds', async () => {
    const quiet = openTalk(h, o);
    await quiet.opened();
    const started = Date.now();
    await expectRefused(quiet, /Expected start within 5 seconds/);
    expect(Date.now() - started).toBeGreaterThan(4000);
  }, 10_000);
});

describe('after start', () => {
  it('refuses unknown types, text where audio goes, and a second start, ending the call', async () => {
    for (const [frame, reason] of [
      [{ type: 'media', media: { payload: '/w==' } }, /Unknown message type: media/],
      ['not json at all', /Malformed message/],
      [{ type: 'start' }, /already started/],
      [{ type: 'mark' }, /Malformed mark/],
    ] as const) {
      const call = await liveCall();
      call.browser.sendText(frame);
      await expectRefused(call.browser, reason);
      await call.realtime.closed;
    }
  });

  it('refuses an audio frame over 100 ms', async () => {
    const call = await liveCall();
    call.browser.sendBinary(Buffer.alloc(8 * 200, 0xff));
    await expectRefused(call.browser, /Audio frame too large/);
    await call.realtime.closed;
  });

  it('refuses audio faster than real time (a flood)', async () => {
    const call = await liveCall();
    for (let i = 0; i < 200; i++) call.browser.sendBinary(Buffer.alloc(160, 0xff));
    await expectRefused(call.browser, /Audio faster than real time/);
    await call.realtime.closed;
    // Far less than what was sent reached the API: the flood was cut at a second ahead of real time.
    const appended = call.realtime.received.filter((e) => e.type === 'input_audio_buffer.append').length;
    expect(appended).toBeLessThan(120);
  });

  it('refuses mark echoes the server never sent', async () => {
    const call = await liveCall();
    for (let i = 0; i < 40; i++) call.browser.sendText({ type: 'mark', name: `made-up-${i}` });
    await expectRefused(call.browser, /More marks than were sent/);
    await call.realtime.closed;
  });

  it('still serves calls after all that', async () => {
    const call = await liveCall();
    await waitUntil(() => call.realtime.received.some((e) => e.type === 'input_audio_buffer.append'));
    call.browser.hangUp();
    expect((await call.browser.closed).code).toBe(1000);
  });
});
