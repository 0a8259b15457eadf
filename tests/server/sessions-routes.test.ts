/**
 * The sessions calls (spec part 1 §7) answer the effective user's calls only, validate their
 * paging, and the call events reach the owner's consoles (and an admin impersonating the owner)
 * and nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSession } from '../../server/db/sessions.js';
import type { CallSession, EndedSessionsPage } from '../../shared/types/session.js';
import { seedEndedSessions } from '../helpers/seedSessions.js';
import { openTestSocket } from '../helpers/serverSocket.js';
import { startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';

let h: VoiceHarness;
let alice: VoiceOwner;
let bob: VoiceOwner;
beforeAll(async () => {
  h = await startVoiceHarness();
  alice = await h.owner();
  bob = await h.owner();
  await seedEndedSessions(h.t.db, alice.user.id, alice.agent.id, 23);
  await insertSession(h.t.db, {
    stream_sid: 'MZalice-open',
    call_sid: 'CAalice-open',
    user_id: alice.user.id,
    agent_id: alice.agent.id,
    agent_name: alice.agent.name,
    from_number: '',
    to_number: alice.number,
    call_type: 'inbound',
    start_time: Date.UTC(2026, 5, 1),
  });
});
afterAll(() => h.close());

const page = async (o: VoiceOwner, query = '') => {
  const response = await o.call('GET', `/api/sessions/ended-sessions${query}`);
  return { status: response.statusCode, body: response.json<EndedSessionsPage & { error?: string }>() };
};

describe('ended sessions', () => {
  it('pages by end time, newest first, 10 by default, with the total', async () => {
    const { status, body } = await page(alice);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, total: 23, limit: 10, offset: 0 });
    expect(body.sessions).toHaveLength(10);
    const ends = body.sessions.map((s) => s.endTime!);
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
    expect(body.sessions[0]).toMatchObject({
      active: false,
      callType: expect.stringMatching(/^(inbound|outbound)$/),
      agentId: alice.agent.id,
      agentName: 'Seeded agent',
    });
  });

  it('takes the page sizes of the console, an offset and ascending order', async () => {
    for (const limit of [5, 25, 50])
      expect((await page(alice, `?limit=${limit}`)).body.sessions).toHaveLength(Math.min(limit, 23));
    const last = await page(alice, '?limit=10&offset=20');
    expect(last.body.sessions).toHaveLength(3);
    const asc = await page(alice, '?order=asc&limit=5&offset=5');
    const ends = asc.body.sessions.map((s) => s.endTime!);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    const desc = await page(alice, '?order=descending&limit=23');
    expect(
      desc.body.sessions
        .map((s) => s.streamSid)
        .reverse()
        .slice(5, 10),
    ).toEqual(asc.body.sessions.map((s) => s.streamSid));
    expect((await page(alice, '?offset=500')).body.sessions).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit: must be a whole number from 1 to 100'],
    ['?limit=101', 'limit: must be a whole number from 1 to 100'],
    ['?limit=ten', 'limit: must be a whole number from 1 to 100'],
    ['?offset=-1', 'offset: must be a whole number from 0 to 1000000000'],
    ['?order=sideways', 'order: must be desc or asc'],
  ])('refuses %s with a 400 naming the field', async (query, error) => {
    expect(await page(alice, query)).toEqual({
      status: 400,
      body: { success: false, error, code: 'validation_failed' },
    });
  });
});

describe('owner isolation', () => {
  it("lists only the user's own sessions", async () => {
    expect((await page(bob)).body).toMatchObject({ total: 0, sessions: [] });
    const active = (await bob.call('GET', '/api/sessions/active-sessions')).json<{ sessions: CallSession[] }>();
    expect(active).toEqual({ success: true, sessions: [] });
    const mine = (await alice.call('GET', '/api/sessions/active-sessions')).json<{ sessions: CallSession[] }>();
    expect(mine.sessions).toEqual([
      expect.objectContaining({
        streamSid: 'MZalice-open',
        active: true,
        fromPhoneNumber: 'Unknown',
        toPhoneNumber: alice.number,
        callType: 'inbound',
        endTime: null,
      }),
    ]);
  });

  it("answers 404 for another user's session on every call that names one", async () => {
    const notFound = { success: false, error: 'Session not found', code: 'not_found' };
    for (const [method, url, payload] of [
      ['GET', '/api/sessions/active-sessions/MZalice-open', undefined],
      ['GET', '/api/sessions/messages/MZalice-open', undefined],
      ['POST', '/api/sessions/end-session', { streamSid: 'MZalice-open' }],
    ] as const) {
      const response = await bob.call(method, url, payload);
      expect([url, response.statusCode, response.json()]).toEqual([url, 404, notFound]);
    }
    expect((await alice.call('GET', '/api/sessions/active-sessions/MZalice-open')).statusCode).toBe(200);
    expect((await alice.call('GET', '/api/sessions/messages/MZalice-open')).json()).toEqual([]);
  });

  it('refuses an End Session body without a streamSid', async () => {
    const response = await alice.call('POST', '/api/sessions/end-session', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/streamSid/);
  });
});

describe('call events', () => {
  it("reach the owner's consoles and an admin impersonating the owner, and nobody else", async () => {
    const admin = await h.t.createUser({ role: 'admin' });
    const adminToken = (await h.t.login(admin.username, admin.password)).accessToken;
    const owner = await alice.console();
    const impersonating = openTestSocket(`${h.wsUrl}/api/frontend?token=${adminToken}&impersonate=${alice.user.id}`);
    const adminOwn = openTestSocket(`${h.wsUrl}/api/frontend?token=${adminToken}`);
    const other = await bob.console();
    for (const socket of [impersonating, adminOwn])
      expect((await socket.nextMessage()).type).toBe('connection.established');

    const call = await h.incomingCall(alice);
    const created = await owner.nextMessage();
    expect(created).toMatchObject({ type: 'session.created', streamSid: call.streamSid, agentId: alice.agent.id });
    expect(await impersonating.nextMessage()).toEqual(created);
    call.twilio.hangUp();
    expect((await owner.nextMessage()).type).toBe('session.ended');
    expect((await impersonating.nextMessage()).type).toBe('session.ended');
    // A ping answered proves the socket is live and got nothing else before it.
    for (const socket of [adminOwn, other]) {
      socket.send({ type: 'ping' });
      expect((await socket.nextMessage()).type).toBe('pong');
    }
  });
});
