/**
 * The agent or bot a report is narrowed to, when it is the owner's: another user's answers 404
 * with the agents' or bots' own text (given by the route), exactly like a missing one.
 */
import type { Kysely } from 'kysely';
import { notFound } from '../core/AppError.js';
import { findAgentRow } from '../db/agents.js';
import type { Database } from '../db/schema.js';
import { findWebchatRow } from '../db/webchats.js';
import type { AnalyticsRequest } from './parseAnalyticsQuery.js';

export interface NotFoundTexts {
  agent: string;
  webchat: string;
}

export async function checkOwnedSource(
  db: Kysely<Database>,
  userId: string,
  request: Pick<AnalyticsRequest, 'agentId' | 'webchatId'>,
  texts: NotFoundTexts,
): Promise<void> {
  if (request.agentId && !(await findAgentRow(db, userId, request.agentId))) throw notFound(texts.agent);
  if (request.webchatId && !(await findWebchatRow(db, userId, request.webchatId))) throw notFound(texts.webchat);
}
