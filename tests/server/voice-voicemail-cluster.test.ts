/**
 * Voicemail across instances (issue 23): Twilio's answering machine verdict lands on instance B
 * while instance A bridges the call; B keeps who answered and A, told over the bus, stops the
 * agent and leaves the message. Two apps on a throwaway PostgreSQL; skipped only without the
 * PostgreSQL server binaries.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveHeartbeat } from '../../server/db/serverInstances.js';
import { BUILTIN_FUNCTION_DEFAULTS } from '../../shared/types/builtinFunctions.js';
import type { CallSession, SessionMessage } from '../../shared/types/session.js';
import { postAmdVerdict } from '../fixtures/fakeTwilioAmd.js';
import { describeOnPostgres } from '../helpers/describeOnPostgres.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { listenForSockets } from '../helpers/serverSocket.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwawayPostgres.js';
import { startVoiceHarness, VOICE_PUBLIC_URL, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let pg: ThrowawayPostgres;
let a: VoiceHarness;
let b: TestApp;
let bUrl = '';

describeOnPostgres('voicemail across instances', () => {
  beforeAll(async () => {
    pg = await createThrowawayPostgres();
    const shared = { databaseUrl: pg.url, encryptionKey: randomBytes(32) };
    a = await startVoiceHarness({ config: shared });
    b = await createTestApp({
      config: { ...shared, publicUrl: VOICE_PUBLIC_URL, twilioApiBaseUrl: a.rest.baseUrl },
    });
    bUrl = (await listenForSockets(b.app)).replace(/^ws/, 'http');
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pg?.destroy();
  });

  it('leaves the message on the instance bridging the call when the verdict lands on the other', async () => {
    const message = 'This is Acme calling back about your order. Goodbye.';
    const o = await a.owner({
      agent: { builtinFunctions: { ...BUILTIN_FUNCTION_DEFAULTS, voicemail: { action: 'leave_message', message } } },
    });
    const placed = await o.call('POST', '/api/twilio/make-call', { phoneNumber: '+14155550178', agentId: o.agent.id });
    const callSid = placed.json<{ callSid: string }>().callSid;
    const twilio = await a.answer(callSid);
    const realtime = await a.realtime.nextSession();
    await waitUntil(() => realtime.received.some((e) => e.type === 'session.update'));
    expect(b.app.calls.get(twilio.streamSid)).toBeUndefined();
    // A is alive by B's clock (the test apps' clocks are their own).
    await saveHeartbeat(b.db, a.t.app.instanceId, b.clock.now(), b.clock.now());

    const answer = await postAmdVerdict(
      { serverUrl: bUrl, publicUrl: VOICE_PUBLIC_URL },
      a.rest,
      callSid,
      'machine_end_silence',
    );
    expect(answer.status).toBe(204);
    const created = a.rest.calls.find((c) => c.sid === callSid)!;
    expect(created.twimlUpdates).toEqual([
      `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${message}</Say><Hangup/></Response>`,
    ]);
    await realtime.closed;
    await waitUntil(() => a.t.app.calls.size === 0);
    const session = (await o.call('GET', `/api/sessions/active-sessions/${twilio.streamSid}`)).json<CallSession>();
    expect(session).toMatchObject({ active: false, answeredBy: 'machine' });
    // Written by A's bridge: B alone (updating the call at Twilio itself) could not have.
    const messages = (await o.call('GET', `/api/sessions/messages/${twilio.streamSid}`)).json<SessionMessage[]>();
    expect(messages.map((m) => m.message)).toContain(`Voicemail left: ${message}`);
  });
});
