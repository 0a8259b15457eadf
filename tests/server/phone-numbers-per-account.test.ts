/**
 * One agent per Twilio account and number in the whole instance (issue 7, finding 9): incoming
 * calls are routed by account SID + called number, so a confirmed pair has one holder, another
 * user's claim is a 409, and only numbers Twilio could not confirm are stored (unrouted) with a warning.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findAgentByAccountAndNumber } from '../../server/db/phoneAssociations.js';
import type { Agent } from '../../shared/types/agent.js';
import { type FakeTwilio, startFakeTwilio } from '../fixtures/fakeTwilio.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

/** Each test's own number of the fake account (tests share one database). */
let NUMBER = '';
let numbers = 150;

let t: TestApp;
let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio();
  t = await createTestApp({ config: { twilioApiBaseUrl: fake.baseUrl, publicUrl: 'https://switchboard.example.com' } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  numbers += 1;
  NUMBER = `+14155550${numbers}`;
  fake.addNumber(NUMBER);
});

/** A signed-in user of `app` with one agent, using the fake Twilio account (or no credentials). */
async function owner(app: TestApp, options: { twilio?: boolean } = { twilio: true }) {
  const user = await app.createUser();
  const { accessToken } = await app.login(user.username, user.password);
  const headers = app.auth(accessToken);
  if (options.twilio) {
    const settings = { twilio_account_sid: fake.accountSid, twilio_auth_token: fake.authToken };
    await app.app.inject({ method: 'PUT', url: '/api/accounts/settings', headers, payload: settings });
  }
  const agent = (
    await app.app.inject({ method: 'POST', url: '/api/agents', headers, payload: { name: 'Front desk' } })
  ).json<Agent>();
  const associate = (phoneNumber: string = NUMBER, agentId: string = agent.id) =>
    app.app.inject({ method: 'POST', url: '/api/phone-associations', headers, payload: { phoneNumber, agentId } });
  const remove = () =>
    app.app.inject({ method: 'DELETE', url: `/api/phone-associations/${encodeURIComponent(NUMBER)}`, headers });
  const phoneOf = async () =>
    (await app.app.inject({ method: 'GET', url: `/api/agents/${agent.id}`, headers })).json<Agent>().phoneNumber;
  return { user, agent, associate, remove, phoneOf };
}

describe("an account's number belongs to one agent in the instance", () => {
  it('refuses another user of the same Twilio account with 409 and leaves the holder alone', async () => {
    const alice = await owner(t);
    const bob = await owner(t);
    expect((await alice.associate()).json()).toEqual({ success: true });
    const refused = await bob.associate();
    expectApiError(refused, 409, {
      error: `phoneNumber: ${NUMBER} is already assigned to another user's agent`,
      code: 'conflict',
    });
    expect(await bob.phoneOf()).toBeNull();
    expect(await alice.phoneOf()).toBe(NUMBER);
    expect((await findAgentByAccountAndNumber(t.db, fake.accountSid, NUMBER))?.id).toBe(alice.agent.id);

    // Once the holder lets it go, the other user may take it.
    expect((await alice.remove()).statusCode).toBe(200);
    expect(await findAgentByAccountAndNumber(t.db, fake.accountSid, NUMBER)).toBeUndefined();
    expect((await bob.associate()).statusCode).toBe(200);
    expect((await findAgentByAccountAndNumber(t.db, fake.accountSid, NUMBER))?.user_id).toBe(bob.user.id);
  });

  it('gives one of two users claiming it at once the number, and the other a 409', async () => {
    const claimants = await Promise.all([owner(t), owner(t), owner(t)]);
    const answers = await Promise.all(claimants.map((c) => c.associate()));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const holders = (await Promise.all(claimants.map((c) => c.phoneOf()))).filter((n) => n === NUMBER);
    expect(holders).toHaveLength(1);
  });

  it('moves with the number between the agents of its owner', async () => {
    const alice = await owner(t);
    expect((await alice.associate()).statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: t.auth((await t.login(alice.user.username, alice.user.password)).accessToken),
      payload: { name: 'Night line' },
    });
    expect((await alice.associate(NUMBER, second.json<Agent>().id)).statusCode).toBe(200);
    expect((await findAgentByAccountAndNumber(t.db, fake.accountSid, NUMBER))?.id).toBe(second.json<Agent>().id);
    expect(await findAgentByAccountAndNumber(t.db, `AC${'9'.repeat(32)}`, NUMBER)).toBeUndefined();
  });
});

describe('numbers Twilio could not confirm', () => {
  it('without credentials: stored with the warning, routing no call and blocking nobody', async () => {
    const unconfirmed = await owner(t, { twilio: false });
    const response = await unconfirmed.associate();
    expect(response.json()).toEqual({
      success: true,
      warning: expect.stringContaining('add your Twilio Account SID and Auth Token in Settings'),
    });
    expect(await unconfirmed.phoneOf()).toBe(NUMBER);
    expect(await findAgentByAccountAndNumber(t.db, fake.accountSid, NUMBER)).toBeUndefined();
    const confirmed = await owner(t);
    expect((await confirmed.associate()).json()).toEqual({ success: true });
    expect((await findAgentByAccountAndNumber(t.db, fake.accountSid, NUMBER))?.id).toBe(confirmed.agent.id);
  });

  it('while Twilio cannot be reached: stored with a warning to assign it again', async () => {
    const offline = await createTestApp({ config: { twilioApiBaseUrl: 'http://127.0.0.1:1' } });
    try {
      const u = await owner(offline);
      const response = await u.associate();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        warning:
          'The number was assigned, but incoming calls will not reach the agent yet: Twilio could not be reached. Please try again later and assign it again.',
      });
      expect(await u.phoneOf()).toBe(NUMBER);
      expect(await findAgentByAccountAndNumber(offline.db, fake.accountSid, NUMBER)).toBeUndefined();
    } finally {
      await offline.close();
    }
  });
});
