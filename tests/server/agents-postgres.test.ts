/**
 * Agents, tool links and phone associations on PostgreSQL: the migration's column types read
 * back the values the API wrote (fractions, 0/1 booleans, bigint times), and the number move
 * and tool cascade behave as on SQLite. Runs when SWITCHBOARD_TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAgent } from '../../server/db/agents.js';
import { associateNumber, findAgentByAccountAndNumber } from '../../server/db/phoneAssociations.js';
import type { Agent } from '../../shared/types/agent.js';
import { createPostgresTestApp, POSTGRES_TEST_URL } from '../helpers/postgresApp.js';
import { seedToolRow } from '../helpers/seedToolRow.js';
import type { TestApp } from '../helpers/serverApp.js';
import { type Call, signedInCaller } from '../helpers/signedInCaller.js';

describe.skipIf(!POSTGRES_TEST_URL)('agents on PostgreSQL', () => {
  let t: TestApp;
  let call: Call;
  let userId: string;

  beforeAll(async () => {
    t = await createPostgresTestApp('sb_agents');
    const caller = await signedInCaller(t);
    userId = caller.user.id;
    call = caller.call;
  });

  afterAll(() => t?.close());

  it('creates with defaults and reads back exact fractions and booleans', async () => {
    const created = (await call('POST', '/api/agents', { name: 'On Postgres' })).json<Agent>();
    expect(created).toMatchObject({ temperature: 0.8, threshold: 0.5, speakFirst: false });
    const patched = await call('PATCH', `/api/agents/${created.id}`, {
      temperature: 1.1,
      threshold: 0.35,
      speakFirst: true,
      max_response_output_tokens: 4096,
    });
    expect(patched.statusCode).toBe(200);
    const read = (await call('GET', `/api/agents/${created.id}`)).json<Agent>();
    expect(read).toMatchObject({
      temperature: 1.1,
      threshold: 0.35,
      speakFirst: true,
      max_response_output_tokens: 4096,
    });
  });

  it('moves numbers, frees them with the agent, and drops deleted tools from agents', async () => {
    const a = (await call('POST', '/api/agents', { name: 'A' })).json<Agent>();
    const b = (await call('POST', '/api/agents', { name: 'B' })).json<Agent>();
    await call('POST', '/api/phone-associations', { phoneNumber: '+14155550301', agentId: a.id });
    await call('POST', '/api/phone-associations', { phoneNumber: '+14155550301', agentId: b.id });
    expect((await call('GET', `/api/agents/${a.id}`)).json<Agent>().phoneNumber).toBeNull();
    expect((await call('GET', `/api/agents/${b.id}`)).json<Agent>().phoneNumber).toBe('+14155550301');
    await call('DELETE', `/api/agents/${b.id}`);
    expect((await call('GET', '/api/phone-associations')).json().associations).toEqual([]);

    const toolId = await seedToolRow(t.db, userId);
    expect((await call('PATCH', `/api/agents/${a.id}`, { tools: [toolId] })).json<Agent>().tools).toHaveLength(1);
    await t.db.deleteFrom('tools').where('id', '=', toolId).execute();
    expect((await call('GET', '/api/agents')).json<Agent[]>().find((x) => x.id === a.id)?.tools).toEqual([]);
  });

  it('concurrent moves of one number leave exactly one holder', async () => {
    const agents = await Promise.all(
      ['C', 'D', 'E', 'F'].map(async (name) => (await call('POST', '/api/agents', { name })).json<Agent>()),
    );
    const answers = await Promise.all(
      agents.map((x) => call('POST', '/api/phone-associations', { phoneNumber: '+14155550302', agentId: x.id })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const holders = (await call('GET', '/api/phone-associations'))
      .json()
      .associations.filter((x: { phoneNumber: string }) => x.phoneNumber === '+14155550302');
    expect(holders).toHaveLength(1);
  });

  it("gives a Twilio account's number to one user's agent when several claim it at once", async () => {
    const accountSid = `AC${'7'.repeat(32)}`;
    const claims = await Promise.all(
      [0, 1, 2].map(async () => {
        const user = await t.createUser();
        const agent = await insertAgent(t.db, user.id, 'Claimant', Date.now());
        return associateNumber(t.db, user.id, agent.row.id, '+14155550303', Date.now(), accountSid);
      }),
    );
    expect(claims.sort()).toEqual(['associated', 'held_by_another_user', 'held_by_another_user']);
    expect(await findAgentByAccountAndNumber(t.db, accountSid, '+14155550303')).toBeDefined();
  });
});
