/**
 * What the analysis routes do, for the effective user only: another user's agent, bot, call or
 * chat answers 404 exactly like a missing one (the route gives the resource's own text).
 */
import type { Kysely } from 'kysely';
import type { AnalysisKind, AnalysisSettings, ConversationAnalysis } from '../../shared/types/analysis.js';
import { conflict, notFound } from '../core/AppError.js';
import type { Clock } from '../core/types.js';
import { type AnalysisJobRow, findAnalysisJob, ownsConversation, requeueAnalysisJob } from '../db/analysisJobs.js';
import {
  ANALYSIS_OFF,
  findAnalysisSettings,
  ownsAnalysisSource,
  saveAnalysisSettings,
} from '../db/analysisSettings.js';
import type { Database } from '../db/schema.js';
import type { ConnectionRegistry } from '../realtime/ConnectionRegistry.js';
import { parseAnalysisSettings, toAnalysisSettings } from './parseAnalysisSettings.js';

export interface AnalysisServices {
  db: Kysely<Database>;
  clock: Clock;
  realtime: Pick<ConnectionRegistry, 'sendToUser'>;
  /** Starts due jobs now rather than at the next poll. */
  wake: () => void;
}

/** Which agent (kind 'call') or bot ('chat'), and the 404 text of its kind. */
export interface AnalysisTarget {
  userId: string;
  kind: AnalysisKind;
  id: string;
  notFoundText: string;
}

export const NO_ANALYSIS = 'This conversation was not analysed (analysis was off when it ended)';
export const ANALYSIS_ALREADY_QUEUED = 'The analysis is already waiting or running';

export async function getAnalysisSettings(db: Kysely<Database>, source: AnalysisTarget): Promise<AnalysisSettings> {
  if (!(await ownsAnalysisSource(db, source.userId, source.kind, source.id))) throw notFound(source.notFoundText);
  return toAnalysisSettings((await findAnalysisSettings(db, source.userId, source.id)) ?? ANALYSIS_OFF);
}

export async function putAnalysisSettings(
  services: Pick<AnalysisServices, 'db' | 'clock'>,
  source: AnalysisTarget,
  body: unknown,
): Promise<AnalysisSettings> {
  const { db, clock } = services;
  if (!(await ownsAnalysisSource(db, source.userId, source.kind, source.id))) throw notFound(source.notFoundText);
  const changes = parseAnalysisSettings(body);
  const target = { userId: source.userId, kind: source.kind, sourceId: source.id };
  return toAnalysisSettings(await saveAnalysisSettings(db, target, changes, clock()));
}

export function toConversationAnalysis(row: AnalysisJobRow): ConversationAnalysis {
  return {
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    summary: row.summary,
    success: row.success,
    successReason: row.success_reason,
    data: row.data === null ? null : (JSON.parse(row.data) as unknown),
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

/** The analysis of the user's call or chat; null when none was queued (analysis was off). */
export async function getConversationAnalysis(
  db: Kysely<Database>,
  conversation: AnalysisTarget,
): Promise<ConversationAnalysis | null> {
  const { userId, kind, id } = conversation;
  if (!(await ownsConversation(db, userId, kind, id))) throw notFound(conversation.notFoundText);
  const row = await findAnalysisJob(db, userId, kind, id);
  return row ? toConversationAnalysis(row) : null;
}

/** Runs a done or failed analysis again from its first attempt; 409 while it waits or runs. */
export async function retryConversationAnalysis(
  services: AnalysisServices,
  conversation: AnalysisTarget,
): Promise<ConversationAnalysis> {
  const { db, clock, realtime } = services;
  const { userId, kind, id } = conversation;
  if (!(await ownsConversation(db, userId, kind, id))) throw notFound(conversation.notFoundText);
  const row = await requeueAnalysisJob(db, userId, kind, id, clock());
  if (row === undefined) throw notFound(NO_ANALYSIS);
  if (row === null) throw conflict(ANALYSIS_ALREADY_QUEUED);
  realtime.sendToUser(userId, { type: 'analysis.updated', kind, id, status: 'pending' });
  services.wake();
  return toConversationAnalysis(row);
}
