/**
 * Migration 024 (MCP servers, issue 22) on a database made before it: agents and bots keep their
 * JavaScript tools in their saved order, and can then take MCP tools beside them.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findAgent, updateAgent } from '../../server/db/agents.js';
import { insertMcpServer, saveMcpListing } from '../../server/db/mcpServers.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import type { Database } from '../../server/db/schema.js';
import { insertUser } from '../../server/db/users.js';
import { findWebchat } from '../../server/db/webchats.js';
import { databaseMigratedTo } from '../helpers/databaseMigratedTo.js';
import { seedLegacyAgent, seedLegacyBot } from '../helpers/seedLegacy.js';
import { seedToolRow } from '../helpers/seedToolRow.js';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ db, close } = await databaseMigratedTo('020-analytics'));
});
afterEach(() => close());

it("keeps agents' and bots' tools in order, and takes MCP tools beside them afterwards", async () => {
  const user = await insertUser(db, { username: 'before024', email: null, role: 'user', passwordHash: 'x' }, 1);
  const first = await seedToolRow(db, user.id, { name: 'first' });
  const second = await seedToolRow(db, user.id, { name: 'second' });
  const agent = await seedLegacyAgent(db, user.id);
  await db
    .insertInto('agent_tools')
    .values([
      { agent_id: agent, tool_id: second, position: 0 },
      { agent_id: agent, tool_id: first, position: 1 },
    ])
    .execute();
  const bot = await seedLegacyBot(db, user.id);
  await db.insertInto('webchat_tools').values({ webchat_id: bot, tool_id: first, position: 0 }).execute();

  await migrateToLatest(db);
  expect((await findAgent(db, user.id, agent))?.tools.map((tool) => tool.name)).toEqual(['second', 'first']);
  expect((await findWebchat(db, user.id, bot))?.toolIds).toEqual([first]);

  const server = await insertMcpServer(
    db,
    user.id,
    { id: randomUUID(), name: 'Orders', url: 'https://mcp.example.com/mcp', bearer_token: null },
    2,
  );
  await saveMcpListing(
    db,
    user.id,
    server.id,
    { tools: [{ name: 'lookup', description: 'Looks up', input_schema: {} }] },
    3,
  );
  await updateAgent(db, user.id, agent, {}, [first, `mcp:${server.id}:lookup`, second], 4);
  expect((await findAgent(db, user.id, agent))?.tools).toEqual([
    { id: first, name: 'first', description: 'd' },
    { id: `mcp:${server.id}:lookup`, name: 'lookup', description: 'Looks up' },
    { id: second, name: 'second', description: 'd' },
  ]);
});
