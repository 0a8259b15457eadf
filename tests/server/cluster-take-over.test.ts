/**
 * Take over and hand back across instances (issue 23): a live phone call bridged on A, taken over
 * and handed back with requests sent to B. The claim is stored in the shared PostgreSQL and A
 * applies it through the bus: the fake Realtime sees the agent muted and then restored, with no
 * `response.create` in between, and the owner's console on B is told who holds the call. A
 * listen socket opened on B is refused with the reason (ws/listen.ts says why).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveHeartbeat } from '../../server/db/serverInstances.js';
import { LISTEN_CLOSE, LISTEN_PATH } from '../../shared/types/listen.js';
import { describeOnPostgres } from '../helpers/describeOnPostgres.js';
import { openListener } from '../helpers/listenSocket.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { listenForSockets, openTestSocket } from '../helpers/serverSocket.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwawayPostgres.js';
import { startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';

type Json = Record<string, unknown>;

let pg: ThrowawayPostgres;
let h: VoiceHarness;
let b: TestApp;
let bSockets = '';

describeOnPostgres('take over across instances', () => {
  beforeAll(async () => {
    pg = await createThrowawayPostgres();
    const config = { databaseUrl: pg.url, encryptionKey: randomBytes(32) };
    h = await startVoiceHarness({ config });
    b = await createTestApp({ config });
    bSockets = await listenForSockets(b.app);
    // What startServer's heartbeat writes: A is alive, so B asks it rather than giving up.
    await saveHeartbeat(b.db, h.t.app.instanceId, b.clock.now(), b.clock.now());
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await b?.close();
    await pg?.destroy();
  });

  it('mutes and restores the agent on A when the operator presses Take over and Hand back on B', async () => {
    const o = await h.owner({ agent: { speakFirst: false } });
    const call = await h.incomingCall(o);
    await call.realtime.waitFor('session.update');
    const { accessToken } = await b.login(o.user.username, o.user.password);
    const console = openTestSocket(`${bSockets}/api/frontend?token=${accessToken}`);
    expect((await console.nextMessage()).type).toBe('connection.established');
    const onB = (action: string) =>
      b.app.inject({
        method: 'POST',
        url: `/api/sessions/${action}`,
        headers: b.auth(accessToken),
        payload: { streamSid: call.streamSid },
      });
    const receivedBefore = call.realtime.received.length;
    const taken = await onB('take-over');
    expect(taken.statusCode).toBe(200);
    // Answered once A applied it: the mute is already on its way to the Realtime session.
    const mute = await call.realtime.waitFor('session.update', (e) => !('model' in (e.session as Json)));
    expect(JSON.stringify(mute)).toContain('"create_response":false');
    let event = await console.nextMessage();
    while (event.type !== 'call.operator') event = await console.nextMessage();
    expect(event).toEqual({
      type: 'call.operator',
      streamSid: call.streamSid,
      operator: { id: o.user.id, name: o.user.username },
    });
    await expect(openListener(`${bSockets}${LISTEN_PATH(call.streamSid)}`, accessToken)).rejects.toMatchObject({
      code: LISTEN_CLOSE.otherInstance,
    });
    expect((await onB('hand-back')).statusCode).toBe(200);
    const restore = await call.realtime.waitFor(
      'session.update',
      (e) => !('model' in (e.session as Json)) && JSON.stringify(e).includes('"create_response":true'),
    );
    expect(restore).toBeDefined();
    expect(call.realtime.received.slice(receivedBefore).filter((e) => e.type === 'response.create')).toEqual([]);
    console.socket.close();
    call.twilio.hangUp();
  }, 30_000);
});
