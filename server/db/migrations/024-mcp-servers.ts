/**
 * MCP servers (issue 22): a user's Streamable HTTP endpoints with an optional bearer token
 * (SecretBox ciphertext, like the OpenAI key), the last tool list read from each (JSON text) with
 * when it was read and the last refresh's error. Agents and bots select MCP tools by (server, tool
 * name) in link tables beside agent_tools and webchat_tools; `position` shares one order with those
 * rows, so a console list that mixes JavaScript and MCP tools keeps its order. Links go with the
 * agent, the bot or the server.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_servers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('bearer_token', 'text')
    // The tools/list answer kept: [{ name, description, input_schema }]; null until first listed.
    .addColumn('tools_json', 'text')
    .addColumn('listed_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('mcp_servers_user_name')
    .unique()
    .on('mcp_servers')
    .columns(['user_id', 'name'])
    .execute();
  for (const [table, owner, parent] of [
    ['agent_mcp_tools', 'agent_id', 'agents.id'],
    ['webchat_mcp_tools', 'webchat_id', 'webchats.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(owner, 'text', (column) => column.notNull().references(parent).onDelete('cascade'))
      .addColumn('server_id', 'text', (column) => column.notNull().references('mcp_servers.id').onDelete('cascade'))
      .addColumn('tool_name', 'text', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [owner, 'server_id', 'tool_name'])
      .execute();
    // Deleting a server finds its links here (the cascade) without scanning the table.
    await db.schema.createIndex(`${table}_server_idx`).on(table).column('server_id').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webchat_mcp_tools').execute();
  await db.schema.dropTable('agent_mcp_tools').execute();
  await db.schema.dropTable('mcp_servers').execute();
}
