/**
 * A tool row written straight to the database, for tests where only a link to a tool matters
 * (tools have their own routes and checks; these tests are about agents and bots pointing at one).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';

export async function seedToolRow(
  db: Kysely<Database>,
  userId: string,
  fields: { name?: string; description?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await db
    .insertInto('tools')
    .values({
      id,
      user_id: userId,
      name: fields.name ?? 'pg_tool',
      description: fields.description ?? 'd',
      type: 'function',
      parameters: '{}',
      handler_code: '',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
