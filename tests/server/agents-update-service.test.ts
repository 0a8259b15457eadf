/**
 * agents/updateAgent.ts called directly, outside HTTP (issue 19): the PATCH rules live in the
 * service, so a caller other than the route gets the same 404, the same refusals naming the
 * field, and the agent as it now is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../server/agents/agentStore.js';
import { parseAgentPatch } from '../../server/agents/parseAgentPatch.js';
import { updateAgent } from '../../server/agents/updateAgent.js';
import { AppError } from '../../server/core/AppError.js';
import { associateNumber } from '../../server/db/phoneAssociations.js';
import { insertTool } from '../../server/db/tools.js';
import { createTestApp, type TestApp } from '../helpers/serverApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOW = 1_700_000_000_000;

async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

const tool = (userId: string, name: string) =>
  insertTool(
    t.db,
    userId,
    {
      name,
      description: '',
      type: 'function',
      parameters: { type: 'object', properties: {} },
      handler_code: 'return 1;',
    },
    NOW,
  );

describe('updateAgent, the service behind PATCH /api/agents/:id', () => {
  it('applies the changes and the tool list in order, and answers the agent as it now is', async () => {
    const user = await t.createUser();
    const agent = await createAgent(t.db, user.id, 'Front desk', NOW);
    const [a, b] = [await tool(user.id, 'lookup'), await tool(user.id, 'book')];
    const patch = parseAgentPatch({ name: 'Reception', temperature: 0.6, tools: [b.id, a.id] }, agent.id);
    const updated = await updateAgent(t.db, user.id, agent.id, patch, NOW + 1);
    expect(updated).toMatchObject({ id: agent.id, name: 'Reception', temperature: 0.6 });
    expect(updated.tools.map((x) => x.name)).toEqual(['book', 'lookup']);
  });

  it("is 404 'Agent not found' for another user's agent, which stays as it was", async () => {
    const [owner, other] = [await t.createUser(), await t.createUser()];
    const agent = await createAgent(t.db, owner.id, 'Mine', NOW);
    const patch = parseAgentPatch({ name: 'Taken' }, agent.id);
    expect(await refusal(updateAgent(t.db, other.id, agent.id, patch, NOW))).toEqual({
      code: 'not_found',
      message: 'Agent not found',
    });
    expect((await updateAgent(t.db, owner.id, agent.id, { changes: {} }, NOW)).name).toBe('Mine');
  });

  it("refuses a tool that is not the user's, naming its id", async () => {
    const [owner, other] = [await t.createUser(), await t.createUser()];
    const agent = await createAgent(t.db, owner.id, 'Agent', NOW);
    const foreign = await tool(other.id, 'theirs');
    const patch = parseAgentPatch({ tools: [foreign.id] }, agent.id);
    expect(await refusal(updateAgent(t.db, owner.id, agent.id, patch, NOW))).toEqual({
      code: 'validation_failed',
      message: `tools: unknown tool id ${foreign.id}`,
    });
  });

  it('takes its phone number back unchanged but refuses a new one', async () => {
    const user = await t.createUser();
    const agent = await createAgent(t.db, user.id, 'Agent', NOW);
    expect(await associateNumber(t.db, user.id, agent.id, '+15550001111', NOW)).not.toBe('agent_not_found');
    const same = await updateAgent(
      t.db,
      user.id,
      agent.id,
      parseAgentPatch({ phoneNumber: '+15550001111', name: 'Kept' }, agent.id),
      NOW,
    );
    expect(same).toMatchObject({ name: 'Kept', phoneNumber: '+15550001111' });
    const moved = parseAgentPatch({ phoneNumber: '+15550002222' }, agent.id);
    expect(await refusal(updateAgent(t.db, user.id, agent.id, moved, NOW))).toEqual({
      code: 'validation_failed',
      message: 'phoneNumber: change phone numbers through /api/phone-associations',
    });
  });
});
