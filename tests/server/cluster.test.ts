/**
 * Two Switchboard instances on one PostgreSQL (issue 12, "Several instances, one PostgreSQL"):
 * two real server processes started together on a throwaway cluster (their migrations race and
 * run once), the fake Twilio and fake OpenAI Realtime speaking their real protocols. A console
 * connected to B sees a call A bridges live, End Session sent to B ends it at A, a logout on A
 * closes the session's console on B, Transfer sent to B moves the call A bridges (issue 23), and
 * sign-in guesses sent to both count together. Skipped
 * only without the PostgreSQL server binaries (CI has them).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ringSwitchboard } from '../fixtures/ringSwitchboard.js';
import { CLUSTER_PUBLIC_URL, type ClusterServers, startClusterServers } from '../helpers/clusterServers.js';
import { describeOnPostgres } from '../helpers/describeOnPostgres.js';
import { nextOfType } from '../helpers/nextOfType.js';
import { signIn } from '../helpers/serverProcess.js';
import { openTestSocket, type TestSocket } from '../helpers/serverSocket.js';

let cluster: ClusterServers;

const wsBase = (url: string) => url.replace(/^http/, 'ws');

async function openConsole(url: string, token: string): Promise<TestSocket> {
  const socket = openTestSocket(`${wsBase(url)}/api/frontend?token=${token}`);
  expect((await socket.nextMessage()).type).toBe('connection.established');
  return socket;
}

describeOnPostgres('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startClusterServers(2);
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  it('shows a call bridged by A live on a console connected to B, and End Session sent to B ends it at A', async () => {
    const [a, b] = cluster.servers as [ClusterServers['servers'][0], ClusterServers['servers'][0]];
    const operator = await cluster.operator('caller-desk');
    const token = await signIn(b.url, operator.username, operator.password);
    const console = await openConsole(b.url, token);

    const call = await ringSwitchboard({ serverUrl: a.url, publicUrl: CLUSTER_PUBLIC_URL }, cluster.twilio, {
      to: operator.number,
      from: '+14155550100',
    });
    const created = await nextOfType(console, 'session.created');
    expect(created).toMatchObject({
      streamSid: call.streamSid,
      agentId: operator.agentId,
      fromPhoneNumber: '+14155550100',
      toPhoneNumber: operator.number,
    });
    const active = (await (await cluster.request(b, 'GET', '/api/sessions/active-sessions', { token })).json()) as {
      sessions: Array<{ streamSid: string }>;
    };
    expect(active.sessions.map((s) => s.streamSid)).toEqual([call.streamSid]);

    // Twilio cannot end this call by REST (it answers 20404), so only A closing the stream ends it:
    // what ends it is B's request reaching A.
    const record = cluster.twilio.calls.findIndex((c) => c.sid === call.callSid);
    cluster.twilio.calls.splice(record, 1);
    const answer = await cluster.request(b, 'POST', '/api/sessions/end-session', {
      token,
      body: { streamSid: call.streamSid },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ success: true });
    // A closed the Media Stream itself (a caller hanging up would close it without this reason).
    expect(await call.closed).toEqual({ code: 1000, reason: 'Call ended' });
    const ended = await nextOfType(console, 'session.ended');
    expect(ended.streamSid).toBe(call.streamSid);
    const after = (await (await cluster.request(a, 'GET', '/api/sessions/active-sessions', { token })).json()) as {
      sessions: unknown[];
    };
    expect(after.sessions).toEqual([]);
    console.socket.close();
  }, 60_000);

  it('transfers from B a call bridged by A: A moves it with a <Dial> and ends it as transferred (issue 23)', async () => {
    const [a, b] = cluster.servers as [ClusterServers['servers'][0], ClusterServers['servers'][0]];
    const operator = await cluster.operator('transfer-desk');
    const token = await signIn(b.url, operator.username, operator.password);
    const saved = await cluster.request(b, 'PATCH', `/api/agents/${operator.agentId}`, {
      token,
      body: {
        builtinFunctions: {
          transferCall: { destinations: [{ name: 'Front office', phoneNumber: '+14155550177', whenToUse: '' }] },
        },
      },
    });
    expect(saved.status).toBe(200);
    const console = await openConsole(b.url, token);
    const call = await ringSwitchboard({ serverUrl: a.url, publicUrl: CLUSTER_PUBLIC_URL }, cluster.twilio, {
      to: operator.number,
      from: '+14155550100',
    });
    await nextOfType(console, 'session.created');
    const answer = await cluster.request(b, 'POST', '/api/sessions/transfer', {
      token,
      body: { streamSid: call.streamSid, destination: 'Front office' },
    });
    expect(answer.status).toBe(200);
    const update = cluster.twilio.updates.find((u) => u.callSid === call.callSid);
    expect(update?.twiml).toContain('<Number>+14155550177</Number>');
    // The update stopped the stream; A knew it for a transfer, so Twilio was never told to hang up.
    await nextOfType(console, 'session.ended');
    expect(cluster.twilio.calls.find((c) => c.sid === call.callSid)?.status).toBe('in-progress');
    const session = (await (
      await cluster.request(b, 'GET', `/api/sessions/active-sessions/${call.streamSid}`, { token })
    ).json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      endReason: 'transferred',
      transfer: { destination: 'Front office', by: 'operator', reason: `Transferred by ${operator.username}` },
    });
    console.socket.close();
  }, 60_000);

  it('closes the console on B of a session logged out on A with 4001, and refuses its token on B', async () => {
    const [a, b] = cluster.servers as [ClusterServers['servers'][0], ClusterServers['servers'][0]];
    const operator = await cluster.operator('logout-desk');
    const token = await signIn(a.url, operator.username, operator.password);
    const otherSession = await signIn(a.url, operator.username, operator.password);
    const console = await openConsole(b.url, token);
    const otherConsole = await openConsole(b.url, otherSession);

    const logout = await cluster.request(a, 'POST', '/api/accounts/logout', { token });
    expect(logout.status).toBe(200);
    expect((await console.closed).code).toBe(4001);
    expect((await cluster.request(b, 'GET', '/api/agents', { token })).status).toBe(401);
    // The other signed-in session of the same user goes on.
    expect(otherConsole.socket.readyState).toBe(otherConsole.socket.OPEN);
    expect((await cluster.request(b, 'GET', '/api/agents', { token: otherSession })).status).toBe(200);
    otherConsole.socket.close();
  }, 60_000);

  it('counts sign-in guesses sent to both instances together', async () => {
    const operator = await cluster.operator('guessed-desk');
    const statuses: number[] = [];
    // Five failures per account and address (config.loginThrottle): three to each instance.
    for (let i = 0; i < 6; i++) {
      const server = cluster.servers[i % 2]!;
      const answer = await cluster.request(server, 'POST', '/api/accounts/login', {
        body: { username: operator.username, password: `wrong guess ${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The right password is refused too while the throttle holds, on either instance.
    const right = await cluster.request(cluster.servers[1]!, 'POST', '/api/accounts/login', {
      body: { username: operator.username, password: operator.password },
    });
    expect(right.status).toBe(429);
  }, 60_000);
});
