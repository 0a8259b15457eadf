/**
 * End Session for a call another instance bridges, when that instance cannot end it (issue 12):
 * an instance that is alive by its heartbeat but does not answer gets a 503 naming the problem and
 * the session stays open (its call may still run); an instance that is gone has its session closed
 * here and the owner's consoles told. Also: changes made on one instance (a role change, a
 * password change) close the user's consoles and refuse old tokens on the other, and an agent
 * renamed on one is shown renamed by the other's kept list (http/OwnerAnswers.ts). Two apps on a
 * throwaway PostgreSQL; skipped only without the PostgreSQL server binaries.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveHeartbeat } from '../../server/db/serverInstances.js';
import { insertSession } from '../../server/db/sessions.js';
import { INSTANCE_STALE_MS } from '../../server/instances/InstanceHeartbeat.js';
import { describeOnPostgres } from '../helpers/describeOnPostgres.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';
import { listenForSockets, openTestSocket, type TestSocket } from '../helpers/serverSocket.js';
import { changePasswordWith } from '../helpers/sessionRequests.js';
import { createThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwawayPostgres.js';
import { waitUntil } from '../helpers/waitUntil.js';

let pg: ThrowawayPostgres;
let a: TestApp;
let b: TestApp;
let bSockets = '';

async function openConsole(token: string): Promise<TestSocket> {
  const socket = openTestSocket(`${bSockets}/api/frontend?token=${token}`);
  expect((await socket.nextMessage()).type).toBe('connection.established');
  return socket;
}

let calls = 0;
async function openSessionOf(userId: string, instanceId: string): Promise<string> {
  calls += 1;
  const streamSid = `MZcluster${String(calls).padStart(20, '0')}`;
  await insertSession(a.db, {
    stream_sid: streamSid,
    call_sid: `CAcluster${String(calls).padStart(20, '0')}`,
    user_id: userId,
    agent_id: 'agent-elsewhere',
    agent_name: 'Front desk',
    from_number: '+14155550100',
    to_number: '+14155550199',
    call_type: 'inbound',
    start_time: a.clock.now() - 60_000,
    instance_id: instanceId,
  });
  return streamSid;
}

describeOnPostgres('changes and End Session across instances', () => {
  beforeAll(async () => {
    pg = await createThrowawayPostgres();
    const config = { databaseUrl: pg.url, encryptionKey: randomBytes(32) };
    a = await createTestApp({ config });
    b = await createTestApp({ config });
    bSockets = await listenForSockets(b.app);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pg?.destroy();
  });

  /** POST /api/sessions/end-session for `streamSid`, sent to instance `app`. */
  const endSession = (app: TestApp, accessToken: string, streamSid: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/sessions/end-session',
      headers: app.auth(accessToken),
      payload: { streamSid },
    });

  it('answers 503 call_instance_unavailable when the live instance bridging the call does not answer, and leaves the session open', async () => {
    const user = await a.createUser();
    const { accessToken } = await a.login(user.username, user.password);
    // An instance that beats but listens to nobody: a peer that is stuck.
    await saveHeartbeat(a.db, 'stuck-instance', b.clock.now(), b.clock.now());
    const streamSid = await openSessionOf(user.id, 'stuck-instance');
    const answer = await endSession(b, accessToken, streamSid);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({
      success: false,
      code: 'call_instance_unavailable',
      error: 'The server running this call did not answer. Please try again in a moment.',
    });
    expect(answer.headers['retry-after']).toBe('5');
    const session = await b.app.inject({
      method: 'GET',
      url: `/api/sessions/active-sessions/${streamSid}`,
      headers: b.auth(accessToken),
    });
    expect(session.json()).toMatchObject({ streamSid, active: true });
  }, 20_000);

  it("closes the session of a call whose instance is gone and tells the owner's consoles on every instance", async () => {
    const user = await a.createUser();
    const { accessToken } = await a.login(user.username, user.password);
    await saveHeartbeat(a.db, 'gone-instance', b.clock.now() - 120_000, b.clock.now() - INSTANCE_STALE_MS - 1000);
    const streamSid = await openSessionOf(user.id, 'gone-instance');
    const console = await openConsole(accessToken);
    // Sent to A: the event reaches the console on B through the bus.
    const answer = await endSession(a, accessToken, streamSid);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true });
    expect(await console.nextMessage()).toMatchObject({ type: 'session.ended', streamSid });
    console.socket.close();
  });

  it('closes the consoles on B of a user whose role A changed, and refuses on B the tokens a password change on A ended', async () => {
    const admin = await a.createUser({ role: 'superadmin' });
    const adminToken = (await a.login(admin.username, admin.password)).accessToken;
    const user = await a.createUser();
    const { accessToken } = await a.login(user.username, user.password);
    const console = await openConsole(accessToken);
    expect(
      (
        await a.app.inject({
          method: 'PUT',
          url: `/api/accounts/admin/users/${user.id}`,
          headers: a.auth(adminToken),
          payload: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await console.closed).toEqual({ code: 1000, reason: 'Role changed' });

    const fresh = (await a.login(user.username, user.password)).accessToken;
    expect((await b.app.inject({ method: 'GET', url: '/api/agents', headers: b.auth(fresh) })).statusCode).toBe(200);
    const changed = await changePasswordWith(a, fresh, user.password, 'another long passphrase');
    expect(changed.statusCode).toBe(200);
    // B cached this user a moment ago, and its clock stands still (so the cache's one-second trust
    // never runs out): only the invalidation from A makes it read the new token version.
    const refused = async () =>
      (await b.app.inject({ method: 'GET', url: '/api/agents', headers: b.auth(fresh) })).statusCode === 401;
    await waitUntil(refused, 5000);
  });

  it('forgets on B the agents list B kept once the user renames an agent on A', async () => {
    const user = await a.createUser();
    const { accessToken } = await a.login(user.username, user.password);
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: a.auth(accessToken),
      payload: { name: 'Front desk' },
    });
    const agentId = created.json<{ id: string }>().id;
    const names = async () =>
      (await b.app.inject({ method: 'GET', url: '/api/agents', headers: b.auth(accessToken) }))
        .json<Array<{ name: string }>>()
        .map((agent) => agent.name);
    expect(await names()).toEqual(['Front desk']);
    expect(await names()).toEqual(['Front desk']);
    const renamed = await a.app.inject({
      method: 'PATCH',
      url: `/api/agents/${agentId}`,
      headers: a.auth(accessToken),
      payload: { name: 'Night desk' },
    });
    expect(renamed.statusCode).toBe(200);
    // B's clock stands still, so its kept answer never ages out: only A's notice makes B read again.
    await waitUntil(async () => (await names())[0] === 'Night desk', 5000);
  });
});
