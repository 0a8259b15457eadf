/**
 * Talk (issue 20), the session: a browser call is a session like a phone call's (call type
 * `web`, From the operator's username, To the agent's name), live on Sessions through the owner's
 * consoles only, with its transcript and tool calls stored; it ends from either side (the
 * browser's `hangup`, its socket closing, End Session in the console) and is kept in Ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../shared/protocol.js';
import type { HistorySearchPage } from '../../shared/types/history.js';
import type { CallSession, EndedSessionsPage, SessionMessage } from '../../shared/types/session.js';
import { toneMulaw } from '../helpers/audioSignals.js';
import { consoleSocket } from '../helpers/serverSocket.js';
import { talkCall } from '../helpers/talkHarness.js';
import { startVoiceHarness, type VoiceHarness, type VoiceOwner } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;

async function ended(o: VoiceOwner, sessionId: string): Promise<CallSession | undefined> {
  const page = (await o.call('GET', '/api/sessions/ended-sessions?limit=100')).json<EndedSessionsPage>();
  return page.sessions.find((s) => s.streamSid === sessionId);
}

const ofSession = (messages: ServerMessage[], sessionId: string) =>
  messages.filter((m) => 'streamSid' in m && m.streamSid === sessionId);

describe('the session', () => {
  it('is a web session, live on the owner’s consoles only, with its transcript stored', async () => {
    const o = await h.owner({ agent: { transcription: true, transcription_model: 'gpt-4o-mini-transcribe' } });
    const other = await h.owner();
    const mine = await consoleSocket(h.wsUrl, o.accessToken);
    const theirs = await consoleSocket(h.wsUrl, other.accessToken);
    h.realtime.setBehaviour({
      userTranscripts: ['Is the shop open on Sunday?'],
      responses: [{ text: 'Yes, from ten to four.', audioMs: 400 }],
    });
    const call = await talkCall(h, o).finally(() => h.realtime.setBehaviour({ userTranscripts: [], responses: [] }));
    const { sessionId } = call;
    expect(sessionId).toMatch(/^TK[0-9a-f]{32}$/);
    const active = (await o.call('GET', '/api/sessions/active-sessions')).json<{ sessions: CallSession[] }>();
    expect(active.sessions.find((s) => s.streamSid === sessionId)).toMatchObject({
      callType: 'web',
      fromPhoneNumber: o.user.username,
      toPhoneNumber: o.agent.name,
      agentId: o.agent.id,
      active: true,
    });
    await waitUntil(() => ofSession(mine.messages, sessionId).some((m) => m.type === 'session.created'));
    expect(ofSession(mine.messages, sessionId).find((m) => m.type === 'session.created')).toMatchObject({
      callType: 'web',
      fromPhoneNumber: o.user.username,
      toPhoneNumber: o.agent.name,
    });

    call.browser.say(toneMulaw(300, 400));
    await waitUntil(
      () =>
        ofSession(mine.messages, sessionId).filter((m) => m.type === 'call.message').length >= 2 &&
        call.realtime.sent.some((e) => e.type === 'response.done'),
    );
    call.browser.hangUp();
    expect(await call.browser.waitFor((m) => m.type === 'ended')).toEqual({ type: 'ended', reason: 'You hung up' });
    expect((await call.browser.closed).code).toBe(1000);
    await waitUntil(() => ofSession(mine.messages, sessionId).some((m) => m.type === 'session.ended'));
    // Nothing of this call reached another user's console.
    expect(ofSession(theirs.messages, sessionId)).toEqual([]);
    expect(theirs.messages.filter((m) => m.type !== 'connection.established')).toEqual([]);

    const rows = (await o.call('GET', `/api/sessions/messages/${sessionId}`)).json<SessionMessage[]>();
    expect(rows.map((r) => [r.type, r.message])).toEqual([
      ['user', 'Is the shop open on Sunday?'],
      ['assistant', 'Yes, from ten to four.'],
    ]);
    expect(await ended(o, sessionId)).toMatchObject({ callType: 'web', active: false });
    expect((await call.realtime.closed).code).toBeGreaterThan(0);
    // Kept in history like any call: found by what was said, exported with its call type.
    const found = (await o.call('GET', '/api/history/search?q=Sunday&kind=calls')).json<HistorySearchPage>();
    expect(found.results.map((r) => r.id)).toEqual([sessionId]);
    const csv = (await o.call('GET', '/api/history/calls/export?format=csv')).body;
    const line = csv.split('\n').find((l) => l.includes(sessionId));
    expect(line).toContain(`,${o.user.username},${o.agent.name},web,`);
    mine.close();
    theirs.close();
  });

  it('runs the agent’s tools in the sandbox, as a phone call does', async () => {
    const o = await h.owner({ agent: { speakFirst: true } });
    const tool = await o.call('POST', '/api/tools', {
      name: 'opening_hours',
      description: 'Opening hours of a day',
      type: 'object',
      parameters: { type: 'object', properties: { day: { type: 'string' } }, required: ['day'] },
      handler_code: 'async function handler(args) { return { day: args.day, hours: "10-16" }; }',
    });
    await o.call('PATCH', `/api/agents/${o.agent.id}`, { tools: [tool.json<{ id: string }>().id] });
    const events = await consoleSocket(h.wsUrl, o.accessToken);
    h.realtime.setBehaviour({
      responses: [
        { text: 'Let me check.', functionCalls: [{ name: 'opening_hours', arguments: '{"day":"Sunday"}' }] },
        { text: 'We are open from ten to four.' },
      ],
    });
    const call = await talkCall(h, o).finally(() => h.realtime.setBehaviour({ responses: [] }));
    const output = await call.realtime.waitFor('conversation.item.create');
    expect(JSON.parse(String((output.item as Json).output))).toEqual({ day: 'Sunday', hours: '10-16' });
    await waitUntil(() => events.messages.some((m) => m.type === 'call.function_output'));
    expect(events.messages.find((m) => m.type === 'call.function_output')).toMatchObject({
      streamSid: call.sessionId,
      message: 'opening_hours',
      function_args: '{"day":"Sunday"}',
    });
    call.browser.hangUp();
    await call.browser.closed;
    // The session's end is stored after its messages: read them once the consoles are told it ended.
    await waitUntil(() => events.messages.some((m) => m.type === 'session.ended'));
    const rows = (await o.call('GET', `/api/sessions/messages/${call.sessionId}`)).json<SessionMessage[]>();
    expect(rows.some((r) => r.type === 'function' && r.message === 'opening_hours')).toBe(true);
    events.close();
  });
});

describe('ending', () => {
  it('ends when the browser’s socket closes without a hangup', async () => {
    const o = await h.owner();
    const call = await talkCall(h, o);
    call.browser.close();
    await call.realtime.closed;
    await waitUntil(async () => (await ended(o, call.sessionId)) !== undefined);
  });

  it('ends from End Session in the console: the browser is told, and Twilio is not asked', async () => {
    const o = await h.owner();
    const call = await talkCall(h, o);
    const twilioRequests = h.rest.requests.length;
    const answer = await o.call('POST', '/api/sessions/end-session', { streamSid: call.sessionId });
    expect(answer.json()).toEqual({ success: true });
    expect(await call.browser.waitFor((m) => m.type === 'ended')).toEqual({
      type: 'ended',
      reason: 'The session was ended from the console',
    });
    expect((await call.browser.closed).code).toBe(1000);
    await call.realtime.closed;
    expect(await ended(o, call.sessionId)).toMatchObject({ callType: 'web' });
    expect(h.rest.requests.length).toBe(twilioRequests);
  });
});
