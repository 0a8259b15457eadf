/**
 * Demo links of web chat bots. Owner-scoped queries join the bot and check its user, so another
 * user's demo is indistinguishable from a missing one. The id is the public page's slug: 144
 * random bits in base64url, unguessable.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { countOf } from './countOf.js';
import type { Database, WebchatDemosTable, WebchatsTable } from './schema.js';
import { deletedAny } from './writeResults.js';

export type DemoRecord = WebchatDemosTable;

/** 18 random bytes: 24 base64url characters, no padding. */
export function newDemoId(): string {
  return randomBytes(18).toString('base64url');
}

/** Demos of one bot, oldest first (the bot's ownership is checked by the caller). */
export async function listDemos(db: Kysely<Database>, webchatId: string): Promise<DemoRecord[]> {
  return db
    .selectFrom('webchat_demos')
    .selectAll()
    .where('webchat_id', '=', webchatId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function countDemos(db: Kysely<Database>, webchatId: string): Promise<number> {
  return countOf(db.selectFrom('webchat_demos').where('webchat_id', '=', webchatId));
}

export async function insertDemo(
  db: Kysely<Database>,
  webchatId: string,
  link: string,
  now: number,
): Promise<DemoRecord> {
  const row: DemoRecord = { id: newDemoId(), webchat_id: webchatId, link, created_at: now };
  await db.insertInto('webchat_demos').values(row).execute();
  return row;
}

/** Deletes a demo of one of the user's bots. False when there is no such demo of theirs. */
export async function deleteDemo(db: Kysely<Database>, userId: string, demoId: string): Promise<boolean> {
  const owned = db.selectFrom('webchats').select('id').where('user_id', '=', userId);
  return deletedAny(db.deleteFrom('webchat_demos').where('id', '=', demoId).where('webchat_id', 'in', owned));
}

/** A demo and its bot, for the public demo page; undefined when the demo does not exist. */
export async function findDemoWithWebchat(
  db: Kysely<Database>,
  demoId: string,
): Promise<{ demo: DemoRecord; webchat: WebchatsTable } | undefined> {
  const demo = await db.selectFrom('webchat_demos').selectAll().where('id', '=', demoId).executeTakeFirst();
  if (!demo) return undefined;
  const webchat = await db.selectFrom('webchats').selectAll().where('id', '=', demo.webchat_id).executeTakeFirst();
  return webchat ? { demo, webchat } : undefined;
}
