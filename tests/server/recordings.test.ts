/**
 * Call recordings (issue 21) in the folder under DATA_DIR: both sides of a phone call as they
 * were relayed — the caller's frames byte for byte on the left, the agent's audio the caller got
 * on the right, starting within one 20 ms frame of when the fake Twilio began playing it — served
 * to the owner through a signed link as a PCM16 WAV with byte ranges, transcript lines placed on
 * it; nothing stored when the agent does not record; 404 for anyone else; deleted with the call.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_LINK_TTL_MS } from '../../server/recordings/recordingLinks.js';
import type { CallSession, SessionMessage } from '../../shared/types/session.js';
import { decodeMulaw, toneMulaw } from '../helpers/audioSignals.js';
import { startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

const FRAME_BYTES = 160;
type Json = Record<string, unknown>;

async function session(o: VoiceOwner, streamSid: string): Promise<CallSession> {
  return (await o.call('GET', `/api/sessions/active-sessions/${streamSid}`)).json<CallSession>();
}

async function link(o: VoiceOwner, streamSid: string) {
  return o.call('POST', `/api/sessions/recording/${streamSid}/link`);
}

/** The audio a link opens, fetched without any credential but the link. */
function fetchAudio(url: string, headers: Record<string, string> = {}) {
  return h.t.app.inject({ method: 'GET', url, headers });
}

/** Left and right channels of a 16-bit stereo WAV body (after its 44-byte header). */
function channels(wav: Buffer): { left: number[]; right: number[] } {
  const left: number[] = [];
  const right: number[] = [];
  for (let i = 44; i + 3 < wav.length; i += 4) {
    left.push(wav.readInt16LE(i));
    right.push(wav.readInt16LE(i + 2));
  }
  return { left, right };
}

/** A recorded call: the caller speaks, the agent answers, the caller hangs up once it is heard. */
async function recordedCall(o: VoiceOwner) {
  h.realtime.setBehaviour({ responses: [{ text: 'Your table is booked.', audioMs: 600, firstAudioDelayMs: 100 }] });
  const call = await h.incomingCall(o).finally(() => h.realtime.setBehaviour({ responses: [] }));
  const mediaSent = () => call.twilio.sent.filter((message) => message.event === 'media');
  let framesAtFirstAudio: number | null = null;
  call.twilio.onMessage = (message) => {
    if (message.event === 'media' && framesAtFirstAudio === null) framesAtFirstAudio = mediaSent().length;
  };
  call.twilio.say(toneMulaw(300, 400, 9000));
  await waitUntil(() => call.twilio.playedMs >= 600, 10_000);
  call.twilio.hangUp();
  await waitUntil(() => h.t.app.calls.size === 0);
  const sentFrames = mediaSent().map((message) => Buffer.from(String((message.media as Json).payload), 'base64'));
  return { call, sentFrames, framesAtFirstAudio: framesAtFirstAudio as number | null };
}

describe('a recorded phone call', () => {
  it('keeps both sides as they were relayed, aligned within a frame, for its owner only', async () => {
    const o = await h.owner({ agent: { record_calls: true, transcription: true } });
    const other = await h.owner();
    const { call, sentFrames, framesAtFirstAudio } = await recordedCall(o);

    const stored = await session(o, call.streamSid);
    expect(stored.recording).toEqual({ status: 'ready', durationMs: sentFrames.length * 20 });

    const answer = await link(o, call.streamSid);
    expect(answer.statusCode).toBe(200);
    const { url, expiresAt } = answer.json<{ url: string; expiresAt: number }>();
    expect(expiresAt).toBe(h.t.clock.now() + RECORDING_LINK_TTL_MS);
    const audio = await fetchAudio(url);
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.headers['accept-ranges']).toBe('bytes');
    const wav = audio.rawPayload;
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt16LE(34)).toBe(16);

    // Left: every frame the caller's side sent, in order, nothing else.
    const { left, right } = channels(wav);
    expect(left).toEqual(Array.from(decodeMulaw(Buffer.concat(sentFrames))));
    // Right: exactly the agent audio the caller's side received, where it began to play.
    const heard = Array.from(decodeMulaw(call.twilio.receivedAudio()));
    expect(heard.length).toBe(600 * 8);
    const played = (framesAtFirstAudio ?? 0) * FRAME_BYTES;
    const start = [...Array(2 * FRAME_BYTES + 1).keys()]
      .map((i) => played - FRAME_BYTES + i)
      .find((at) => at >= 0 && right.slice(at, at + heard.length).every((v, i) => v === heard[i]));
    expect(start).toBeDefined();
    expect(right.slice(0, start).every((v) => v === 0)).toBe(true);
    expect(right.slice((start as number) + heard.length).every((v) => v === 0)).toBe(true);

    // Lines are placed on the recording: the agent's where its audio starts.
    const lines = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<SessionMessage[]>();
    const agentLine = lines.find((m) => m.type === 'assistant');
    expect(agentLine?.audioStartMs).toBe(Math.round((start as number) / 8));
    const userLine = lines.find((m) => m.type === 'user');
    expect(userLine?.audioStartMs).toEqual(expect.any(Number));
    expect(userLine?.audioStartMs).toBeLessThan(agentLine?.audioStartMs as number);

    // Nobody else: not the link, not the audio under another owner's token, not a forged one.
    expect((await link(other, call.streamSid)).statusCode).toBe(404);
    const theirs = await recordedCall(await h.owner({ agent: { record_calls: true } }));
    const forged = url.replace(call.streamSid, theirs.call.streamSid);
    expect((await fetchAudio(forged)).statusCode).toBe(404);
    expect((await fetchAudio(url.replace(/token=\d+\./, 'token=9999999999999.'))).statusCode).toBe(404);
    expect((await fetchAudio(url.replace(/token=.*/, 'token='))).statusCode).toBe(400);
    expect((await fetchAudio(`/api/sessions/recording/${call.streamSid}`)).statusCode).toBe(400);

    // Ranges, for seeking: a slice, the end, and past the end.
    const part = await fetchAudio(url, { range: 'bytes=40-1039' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 40-1039/${wav.length}`);
    expect(part.rawPayload.equals(wav.subarray(40, 1040))).toBe(true);
    const odd = await fetchAudio(url, { range: 'bytes=1001-1002' });
    expect(odd.rawPayload.equals(wav.subarray(1001, 1003))).toBe(true);
    const tail = await fetchAudio(url, { range: 'bytes=-100' });
    expect(tail.rawPayload.equals(wav.subarray(wav.length - 100))).toBe(true);
    const past = await fetchAudio(url, { range: `bytes=${wav.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${wav.length}`);

    const download = await fetchAudio(`${url}&download=1`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="call-${call.streamSid}.wav"`);

    // A link opens for ten minutes, then says so.
    h.t.clock.advance(RECORDING_LINK_TTL_MS);
    const expired = await fetchAudio(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ error: 'This recording link has expired' });
  });

  it('stores nothing when the agent does not record, and says so', async () => {
    const o = await h.owner();
    expect(o.agent.record_calls).toBe(false);
    const { call } = await recordedCall(o);
    expect((await session(o, call.streamSid)).recording).toEqual({ status: 'off', durationMs: 0 });
    expect((await link(o, call.streamSid)).statusCode).toBe(404);
    expect(existsSync(path.join(h.t.dataDir, 'recordings', o.user.id))).toBe(false);
    const lines = (await o.call('GET', `/api/sessions/messages/${call.streamSid}`)).json<SessionMessage[]>();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((m) => m.audioStartMs === null || m.audioStartMs === undefined)).toBe(true);
  });

  it('refuses a record_calls that is not true or false, naming it', async () => {
    const o = await h.owner();
    const refused = await o.call('PATCH', `/api/agents/${o.agent.id}`, { record_calls: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('record_calls');
  });

  it('deletes the audio once the call is deleted (Keep history), and finishes one a stopped server left', async () => {
    const o = await h.owner({ agent: { record_calls: true, keep_history_days: 0 } });
    const { call } = await recordedCall(o);
    const file = path.join(h.t.dataDir, 'recordings', o.user.id, `${call.streamSid}.ulaw`);
    expect(existsSync(file)).toBe(true);
    h.t.clock.advance(1);
    await h.t.app.chat.sweep();
    expect((await o.call('GET', `/api/sessions/active-sessions/${call.streamSid}`)).statusCode).toBe(404);
    expect(await h.t.app.recordingSweep.sweep()).toMatchObject({ deleted: 1 });
    expect(existsSync(file)).toBe(false);
    expect(
      await h.t.db.selectFrom('call_recordings').selectAll().where('stream_sid', '=', call.streamSid).execute(),
    ).toEqual([]);

    // A server that stopped mid-call: its row still says 'recording', the session was ended by
    // the orphan sweep, and what was written is kept.
    const kept = await h.owner({ agent: { record_calls: true } });
    const second = await recordedCall(kept);
    await h.t.db
      .updateTable('call_recordings')
      .set({ status: 'recording', duration_ms: 0, finished_at: null })
      .where('stream_sid', '=', second.call.streamSid)
      .execute();
    expect(await h.t.app.recordingSweep.sweep()).toMatchObject({ finished: 1 });
    expect((await session(kept, second.call.streamSid)).recording).toEqual({
      status: 'ready',
      durationMs: second.sentFrames.length * 20,
    });
  });
});
