/**
 * The post-call analysis settings of agents and bots (migration 018). Every query takes the
 * owner's id; a missing row reads as analysis off.
 */
import type { Kysely } from 'kysely';
import type { AnalysisKind } from '../../shared/types/analysis.js';
import type { AnalysisSettingsTable, Database } from './schema.js';
import { inTransaction } from './transaction.js';

export type AnalysisSettingsRow = AnalysisSettingsTable;
export type AnalysisSettingsColumns = Pick<
  AnalysisSettingsTable,
  'enabled' | 'summary_prompt' | 'success_criteria' | 'data_schema'
>;

export const ANALYSIS_OFF: AnalysisSettingsColumns = {
  enabled: 0,
  summary_prompt: '',
  success_criteria: '',
  data_schema: '',
};

/** Whether the user owns the agent (a call's source) or bot (a chat's). */
export async function ownsAnalysisSource(
  db: Kysely<Database>,
  userId: string,
  kind: AnalysisKind,
  sourceId: string,
): Promise<boolean> {
  const table = kind === 'call' ? 'agents' : 'webchats';
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', sourceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findAnalysisSettings(
  db: Kysely<Database>,
  userId: string,
  sourceId: string,
): Promise<AnalysisSettingsRow | undefined> {
  return db
    .selectFrom('analysis_settings')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Stores the changed settings over the current ones; turning analysis on starts `enabled_since` now. */
export async function saveAnalysisSettings(
  db: Kysely<Database>,
  target: { userId: string; kind: AnalysisKind; sourceId: string },
  changes: Partial<AnalysisSettingsColumns>,
  now: number,
): Promise<AnalysisSettingsRow> {
  return inTransaction(db, async (trx) => {
    const before = await findAnalysisSettings(trx, target.userId, target.sourceId);
    const merged = { ...ANALYSIS_OFF, ...pickColumns(before), ...changes };
    const turnedOn = merged.enabled === 1 && before?.enabled !== 1;
    const row: AnalysisSettingsRow = {
      source_id: target.sourceId,
      user_id: target.userId,
      agent_id: target.kind === 'call' ? target.sourceId : null,
      webchat_id: target.kind === 'chat' ? target.sourceId : null,
      ...merged,
      enabled_since: turnedOn ? now : (before?.enabled_since ?? null),
      updated_at: now,
    };
    const { source_id: _id, user_id: _user, agent_id: _agent, webchat_id: _webchat, ...update } = row;
    await trx
      .insertInto('analysis_settings')
      .values(row)
      .onConflict((oc) => oc.column('source_id').doUpdateSet(update))
      .execute();
    return row;
  });
}

function pickColumns(row: AnalysisSettingsRow | undefined): Partial<AnalysisSettingsColumns> {
  if (!row) return {};
  const { enabled, summary_prompt, success_criteria, data_schema } = row;
  return { enabled, summary_prompt, success_criteria, data_schema };
}
