/**
 * Call recordings in an S3-compatible bucket (RECORDINGS_S3_*), against a local S3 server
 * (s3rver, tests/fixtures/localS3.ts): the call is spooled locally while it runs, uploaded when it
 * ends (the local copy removed), served from the bucket with ranges, and deleted from it with
 * the call.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallSession } from '../../shared/types/session.js';
import { type LocalS3, startLocalS3 } from '../fixtures/localS3.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import { startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
let s3: LocalS3;
let local: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  local = await mkdtemp(path.join(tmpdir(), 'switchboard-spool-'));
  h = await startVoiceHarness({
    config: {
      recordings: {
        folder: path.join(local, 'recordings'),
        spoolFolder: path.join(local, 'spool'),
        s3: {
          bucket: s3.bucket,
          region: 'us-east-1',
          endpoint: s3.endpoint,
          forcePathStyle: true,
          prefix: 'calls/',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
        },
      },
    },
  });
});
afterAll(async () => {
  await h.close();
  await s3.close();
  await rm(local, { recursive: true, force: true });
});

describe('recordings in a bucket', () => {
  it('uploads the call when it ends, serves it from the bucket, and deletes it with the call', async () => {
    const o = await h.owner({ agent: { record_calls: true, keep_history_days: 0 } });
    h.realtime.setBehaviour({ responses: [{ text: 'Hello from the bucket.', audioMs: 400 }] });
    const call = await h.incomingCall(o).finally(() => h.realtime.setBehaviour({ responses: [] }));
    call.twilio.say(toneMulaw(300, 400, 9000));
    const spooled = path.join(local, 'spool', o.user.id, `${call.streamSid}.ulaw`);
    // While the call runs it is written locally, not in the bucket yet.
    await waitUntil(() => existsSync(spooled));
    expect(await s3.keys()).toEqual([]);
    await waitUntil(() => call.twilio.playedMs >= 400, 10_000);
    call.twilio.hangUp();
    await waitUntil(() => h.t.app.calls.size === 0);

    const key = `calls/${o.user.id}/${call.streamSid}.ulaw`;
    expect(await s3.keys()).toEqual([key]);
    expect(existsSync(spooled)).toBe(false);
    const frames = call.twilio.sent.filter((message) => message.event === 'media').length;
    const stored = (await o.call('GET', `/api/sessions/active-sessions/${call.streamSid}`)).json<CallSession>();
    expect(stored.recording).toEqual({ status: 'ready', durationMs: frames * 20 });

    const { url } = (await o.call('POST', `/api/sessions/recording/${call.streamSid}/link`)).json<{ url: string }>();
    const whole = await h.t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.length).toBe(44 + frames * 160 * 4);
    const part = await h.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-4099' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 4100))).toBe(true);

    h.t.clock.advance(1);
    await h.t.app.chat.sweep();
    expect(await h.t.app.recordingSweep.sweep()).toMatchObject({ deleted: 1 });
    expect(await s3.keys()).toEqual([]);
  });
});
