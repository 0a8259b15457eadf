import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Precompiled } from './precompiled.js';
import type { AuditLogTable, Database } from './schema.js';

export type AuditEntry = AuditLogTable;

/** Every impersonated request writes one, so it is compiled once. */
const INSERT_ENTRY = new Precompiled(6, (db, id: string, actorId: string, targetId: string, method: string, path: string, createdAt: number) =>
  db.insertInto('audit_log').values({ id, actor_id: actorId, target_id: targetId, method, path, created_at: createdAt }),
);

/** Records one request an admin made while impersonating another user. */
export async function recordImpersonatedRequest(
  db: Kysely<Database>,
  entry: { actorId: string; targetId: string; method: string; path: string },
  now: number,
): Promise<void> {
  await INSERT_ENTRY.run(db, randomUUID(), entry.actorId, entry.targetId, entry.method, entry.path, now);
}

export async function listAuditEntries(db: Kysely<Database>, actorId?: string): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (actorId) query = query.where('actor_id', '=', actorId);
  return query.orderBy('created_at', 'asc').execute();
}
