/**
 * Knowledge for voice agents (issue 24): the bots whose knowledge bases an agent may search
 * during a call (the search_knowledge built-in), as a JSON list of webchat ids in the order
 * chosen. Existing agents get none, so their calls are offered nothing new. A list rather than a
 * link table: it is read with the agent, and a bot deleted since is skipped when a call starts.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('agents')
    .addColumn('knowledge_bots', 'text', (col) => col.notNull().defaultTo(sql`'[]'`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('agents').dropColumn('knowledge_bots').execute();
}
