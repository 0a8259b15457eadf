import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Agent, PhoneAssociation } from '../../shared/types/agent.js';
import { type FakeTwilio, startFakeTwilio } from '../fixtures/fakeTwilio.js';
import { expectApiError } from '../helpers/expectApiError.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/serverApp.js';
import { signedInCaller } from '../helpers/signedInCaller.js';

const PUBLIC_URL = 'https://switchboard.example.com';
const WEBHOOK = `${PUBLIC_URL}/api/twilio/incoming-call`;

let t: TestApp;
let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio({ pageSize: 2 });
  t = await createTestApp({ config: { twilioApiBaseUrl: fake.baseUrl, publicUrl: PUBLIC_URL } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.numbers.length = 0;
});

async function signedIn(fields: Partial<TestUser> = {}) {
  const { user, call } = await signedInCaller(t, fields);
  const create = async (name: string) => (await call('POST', '/api/agents', { name })).json<Agent>();
  const agent = async (id: string) => (await call('GET', `/api/agents/${id}`)).json<Agent>();
  const associate = (phoneNumber: string, agentId: string) =>
    call('POST', '/api/phone-associations', { phoneNumber, agentId });
  const associations = async () =>
    (await call('GET', '/api/phone-associations')).json<{ success: boolean; associations: PhoneAssociation[] }>();
  const useFakeTwilio = (authToken = fake.authToken) =>
    call('PUT', '/api/accounts/settings', { twilio_account_sid: fake.accountSid, twilio_auth_token: authToken });
  return { user, call, create, agent, associate, associations, useFakeTwilio };
}

describe('phone associations', () => {
  it('associates a number with an agent and lists it with the agent name', async () => {
    const u = await signedIn();
    const agent = await u.create('Reception');
    const response = await u.associate('+14155550101', agent.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    expect((await u.agent(agent.id)).phoneNumber).toBe('+14155550101');
    expect(await u.associations()).toEqual({
      success: true,
      associations: [{ phoneNumber: '+14155550101', agentId: agent.id, agentName: 'Reception' }],
    });
  });

  it('moves a number: the agent that held it loses it, the new agent has it', async () => {
    const u = await signedIn();
    const a = await u.create('A');
    const b = await u.create('B');
    await u.associate('+14155550102', a.id);
    expect((await u.associate('+14155550102', b.id)).statusCode).toBe(200);
    expect((await u.agent(a.id)).phoneNumber).toBeNull();
    expect((await u.agent(b.id)).phoneNumber).toBe('+14155550102');
    expect((await u.associations()).associations).toEqual([
      { phoneNumber: '+14155550102', agentId: b.id, agentName: 'B' },
    ]);
  });

  it('re-associating an agent with another number releases its old one', async () => {
    const u = await signedIn();
    const a = await u.create('A');
    await u.associate('+14155550103', a.id);
    await u.associate('+14155550104', a.id);
    expect((await u.agent(a.id)).phoneNumber).toBe('+14155550104');
    expect((await u.associations()).associations.map((x) => x.phoneNumber)).toEqual(['+14155550104']);
    // The released number is free to take.
    const b = await u.create('B');
    await u.associate('+14155550103', b.id);
    expect((await u.agent(a.id)).phoneNumber).toBe('+14155550104');
  });

  it('keeps the move atomic: a failed association changes nothing', async () => {
    const u = await signedIn();
    const a = await u.create('A');
    await u.associate('+14155550105', a.id);
    const missing = await u.associate('+14155550105', '00000000-0000-0000-0000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await u.agent(a.id)).phoneNumber).toBe('+14155550105');
  });

  it('concurrent moves of one number leave exactly one holder', async () => {
    const u = await signedIn();
    const agents = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => u.create(name)));
    const answers = await Promise.all(agents.map((a) => u.associate('+14155550112', a.id)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const holders = (await Promise.all(agents.map((a) => u.agent(a.id)))).filter(
      (a) => a.phoneNumber === '+14155550112',
    );
    expect(holders).toHaveLength(1);
    expect((await u.associations()).associations).toEqual([
      { phoneNumber: '+14155550112', agentId: holders[0]!.id, agentName: holders[0]!.name },
    ]);
  });

  it('accepts typed separators and refuses numbers that are not E.164', async () => {
    const u = await signedIn();
    const a = await u.create('A');
    expect((await u.associate('+1 (415) 555-0106', a.id)).statusCode).toBe(200);
    expect((await u.agent(a.id)).phoneNumber).toBe('+14155550106');
    for (const bad of ['4155550106', '+0415555', '+1', '+1234567890123456', 'call me']) {
      const response = await u.associate(bad, a.id);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('phoneNumber: use international format, e.g. +14155550123');
    }
  });

  it('removes an association by URL-encoded number; an unknown one is 404', async () => {
    const u = await signedIn();
    const a = await u.create('A');
    await u.associate('+14155550107', a.id);
    const removed = await u.call('DELETE', `/api/phone-associations/${encodeURIComponent('+14155550107')}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await u.agent(a.id)).phoneNumber).toBeNull();
    const again = await u.call('DELETE', '/api/phone-associations/%2B14155550107');
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('Phone number association not found');
  });

  it('deleting an agent frees its number', async () => {
    const u = await signedIn();
    const a = await u.create('A');
    await u.associate('+14155550108', a.id);
    await u.call('DELETE', `/api/agents/${a.id}`);
    expect((await u.associations()).associations).toEqual([]);
    const b = await u.create('B');
    expect((await u.associate('+14155550108', b.id)).statusCode).toBe(200);
  });

  it("another user cannot associate with, see or remove someone else's numbers", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const a = await alice.create('Alice agent');
    await alice.associate('+14155550109', a.id);
    const foreign = await bob.associate('+14155550110', a.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Agent not found');
    expect((await bob.associations()).associations).toEqual([]);
    expect((await bob.call('DELETE', '/api/phone-associations/%2B14155550109')).statusCode).toBe(404);
    expect((await alice.agent(a.id)).phoneNumber).toBe('+14155550109');
    // The same number on Bob's own agent does not touch Alice's.
    const b = await bob.create('Bob agent');
    expect((await bob.associate('+14155550109', b.id)).statusCode).toBe(200);
    expect((await alice.agent(a.id)).phoneNumber).toBe('+14155550109');
  });

  it("an admin impersonating a user associates that user's agents", async () => {
    const alice = await signedIn();
    const admin = await signedIn({ role: 'admin' });
    const a = await alice.create('Alice agent');
    const response = await admin.call(
      'POST',
      '/api/phone-associations',
      { phoneNumber: '+14155550111', agentId: a.id },
      alice.user.id,
    );
    expect(response.statusCode).toBe(200);
    expect((await alice.agent(a.id)).phoneNumber).toBe('+14155550111');
    expect((await admin.associations()).associations).toEqual([]);
  });
});

describe('pointing the Twilio number at the server', () => {
  it("sets the number's voice webhook when the user has Twilio credentials (numbers across pages)", async () => {
    const u = await signedIn();
    await u.useFakeTwilio();
    for (const n of ['+14155550121', '+14155550122', '+14155550123']) fake.addNumber(n);
    const a = await u.create('Inbound');
    const response = await u.associate('+14155550123', a.id);
    expect(response.json()).toEqual({ success: true });
    const number = fake.numbers.find((n) => n.phone_number === '+14155550123')!;
    expect(number.voice_url).toBe(WEBHOOK);
    expect(number.voice_method).toBe('POST');
    expect(fake.numbers.filter((n) => n.voice_url === WEBHOOK)).toHaveLength(1);
  });

  it('keeps the association and warns when the user has no Twilio credentials', async () => {
    const u = await signedIn();
    const a = await u.create('A');
    const response = await u.associate('+14155550124', a.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      warning: expect.stringContaining('add your Twilio Account SID and Auth Token in Settings'),
    });
    expect((await u.agent(a.id)).phoneNumber).toBe('+14155550124');
  });

  it('refuses a number Twilio says is not in the account, naming phoneNumber, and stores nothing', async () => {
    const u = await signedIn();
    await u.useFakeTwilio();
    const a = await u.create('A');
    const response = await u.associate('+14155550125', a.id);
    expectApiError(response, 400, {
      error: 'phoneNumber: +14155550125 is not a number of your Twilio account',
      code: 'validation_failed',
    });
    expect((await u.agent(a.id)).phoneNumber).toBeNull();
  });

  it('refuses the number when Twilio rejects the credentials, and stores nothing', async () => {
    const u = await signedIn();
    await u.useFakeTwilio('not-the-token');
    fake.addNumber('+14155550126');
    const a = await u.create('A');
    const response = await u.associate('+14155550126', a.id);
    expectApiError(response, 400, {
      error: 'Twilio rejected the credentials (Authenticate)',
      code: 'twilio_auth_failed',
    });
    expect((await u.agent(a.id)).phoneNumber).toBeNull();
    expect(fake.numbers[0]!.voice_url).toBe('');
  });
});
