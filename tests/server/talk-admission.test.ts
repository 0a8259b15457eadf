/**
 * Talk (issue 20), who may call and with what: the console's token and impersonation rules, the
 * agent must be the (effective) user's, an OpenAI key is needed, one live browser call per user
 * by default (TALK_CALLS_PER_USER), and the page's unsaved settings are checked exactly like a
 * PATCH, used for the call and never stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../shared/types/agent.js';
import { TALK_CLOSE } from '../../shared/types/talk.js';
import { openTalk, talkCall } from '../helpers/talkHarness.js';
import { startVoiceHarness, type VoiceHarness } from '../helpers/voiceHarness.js';
import { waitUntil } from '../helpers/waitUntil.js';

let h: VoiceHarness;
beforeAll(async () => {
  h = await startVoiceHarness();
});
afterAll(() => h.close());

type Json = Record<string, unknown>;

describe('who may call', () => {
  it('refuses a missing or bad token with 4001, before any OpenAI socket opens', async () => {
    const o = await h.owner();
    const sessions = h.realtime.sessions.length;
    expect((await openTalk(h, o, { query: 'token=not-a-token' }).closed).code).toBe(4001);
    expect((await openTalk(h, o, { token: 'not-a-token' }).closed).code).toBe(4001);
    expect((await openTalk(h, o, { token: null }).closed).code).toBe(4001);
    expect(h.realtime.sessions.length).toBe(sessions);
  });

  it('refuses another user’s agent (and a missing one) with 4004', async () => {
    const o = await h.owner();
    const other = await h.owner();
    const closed = await openTalk(h, other, { agentId: o.agent.id }).closed;
    expect(closed).toEqual({ code: TALK_CLOSE.agentNotFound, reason: 'Agent not found' });
    expect((await openTalk(h, o, { agentId: 'no-such-agent' }).closed).code).toBe(TALK_CLOSE.agentNotFound);
  });

  it('takes ?token= as well as the subprotocol', async () => {
    const o = await h.owner();
    const call = await talkCall(h, o, {}, { query: `token=${o.accessToken}` });
    expect(call.browser.ready?.format).toBe('g711_ulaw');
    call.browser.hangUp();
    await call.browser.closed;
  });

  it('lets an admin impersonate the owner (the call is the owner’s, From the admin), and no one else', async () => {
    const o = await h.owner();
    const admin = await h.t.createUser({ role: 'admin' });
    const superadmin = await h.t.createUser({ role: 'superadmin' });
    const adminToken = (await h.t.login(admin.username, admin.password)).accessToken;
    const call = await talkCall(h, o, {}, { query: `token=${adminToken}&impersonate=${o.user.id}` });
    const session = (await o.call('GET', `/api/sessions/active-sessions/${call.sessionId}`)).json<Json>();
    expect(session).toMatchObject({ callType: 'web', fromPhoneNumber: admin.username, agentId: o.agent.id });
    call.browser.hangUp();
    await call.browser.closed;

    const upward = await openTalk(h, o, { query: `token=${adminToken}&impersonate=${superadmin.id}` }).closed;
    expect(upward.code).toBe(4003);
    const byUser = await openTalk(h, o, { query: `token=${o.accessToken}&impersonate=${admin.id}` }).closed;
    expect(byUser.code).toBe(4003);
    // The admin's own agents: not the owner's agent.
    expect((await openTalk(h, o, { query: `token=${adminToken}` }).closed).code).toBe(TALK_CLOSE.agentNotFound);
  });

  it('says how to fix a missing OpenAI key (4503)', async () => {
    const o = await h.owner();
    await o.call('PUT', '/api/accounts/settings', { openai_api_key: '' });
    const closed = await openTalk(h, o).closed;
    expect(closed.code).toBe(TALK_CLOSE.unavailable);
    expect(closed.reason).toContain('Add your OpenAI API key in Settings');
  });
});

describe('OpenAI refusing the session', () => {
  it('ends the call with 4503 and a reason people can act on', async () => {
    const o = await h.owner();
    await o.call('PUT', '/api/accounts/settings', { openai_api_key: 'sk-not-a-key-the-fake-takes' });
    const browser = openTalk(h, o);
    browser.sendText({ type: 'start' });
    const closed = await browser.closed;
    expect(closed.code).toBe(TALK_CLOSE.unavailable);
    expect(browser.messages.at(-1)).toEqual({
      type: 'ended',
      reason: 'OpenAI refused the session: check the OpenAI API key in Settings',
    });
  });
});

describe('the per-user limit', () => {
  it('allows one live browser call per user by default (4029 for a second), and another once it ends', async () => {
    const o = await h.owner();
    const first = await talkCall(h, o);
    const second = await openTalk(h, o).closed;
    expect(second.code).toBe(TALK_CLOSE.tooManyCalls);
    expect(second.reason).toContain('hang up first');
    // Another user is not held by it.
    const other = await h.owner();
    const theirs = await talkCall(h, other);
    theirs.browser.close();
    first.browser.hangUp();
    await first.browser.closed;
    await waitUntil(async () => {
      const page = (await o.call('GET', '/api/sessions/ended-sessions')).json<{ sessions: { streamSid: string }[] }>();
      return page.sessions.some((s) => s.streamSid === first.sessionId);
    });
    const again = await talkCall(h, o);
    again.browser.close();
  });

  it('takes TALK_CALLS_PER_USER', async () => {
    const two = await startVoiceHarness({ config: { talkCallsPerUser: 2 } });
    try {
      const o = await two.owner();
      const calls = [await talkCall(two, o), await talkCall(two, o)];
      expect((await openTalk(two, o).closed).code).toBe(TALK_CLOSE.tooManyCalls);
      for (const call of calls) call.browser.close();
    } finally {
      await two.close();
    }
  });
});

describe('unsaved settings', () => {
  it('refuses a bad field with 4022 naming it, and stores nothing', async () => {
    const o = await h.owner();
    const sessions = h.realtime.sessions.length;
    const bad = openTalk(h, o);
    bad.sendText({ type: 'start', settings: { instructions: 'Try this', temperature: 5 } });
    const closed = await bad.closed;
    expect(closed.code).toBe(TALK_CLOSE.invalidSettings);
    expect(closed.reason).toMatch(/^temperature: /);
    const tools = openTalk(h, o);
    tools.sendText({ type: 'start', settings: { tools: ['not-my-tool'] } });
    expect(await tools.closed).toEqual({
      code: TALK_CLOSE.invalidSettings,
      reason: 'tools: unknown tool id not-my-tool',
    });
    expect(h.realtime.sessions.length).toBe(sessions);
  });

  it('uses good unsaved instructions for this call only', async () => {
    const o = await h.owner({ agent: { instructions: 'Saved instructions.' } });
    const call = await talkCall(h, o, { settings: { instructions: 'Unsaved: answer like a pirate.' } });
    expect(call.browser.ready?.unsaved).toBe(true);
    const update = (await call.realtime.waitFor('session.update')).session as Json;
    expect(update.instructions).toContain('Unsaved: answer like a pirate.');
    expect(update.instructions).not.toContain('Saved instructions.');
    call.browser.hangUp();
    await call.browser.closed;
    const stored = (await o.call('GET', `/api/agents/${o.agent.id}`)).json<Agent>();
    expect(stored.instructions).toBe('Saved instructions.');
  });
});
