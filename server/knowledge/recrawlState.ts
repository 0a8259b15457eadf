/**
 * A bot's re-crawl settings and last result as GET/PUT /api/webchats/{id}/recrawl answer them, for
 * the bot's owner only: another user's bot answers 404 like a missing one.
 */
import type { Kysely } from 'kysely';
import type { RecrawlState } from '../../shared/types/recrawl.js';
import { notFound } from '../core/AppError.js';
import { type RecrawlRow, readRecrawl, saveRecrawlSettings } from '../db/recrawlSchedule.js';
import type { Database } from '../db/schema.js';
import { findWebchatRow } from '../db/webchats.js';
import { nextRecrawlAt } from './nextRecrawlAt.js';
import { parseRecrawlSettings } from './parseRecrawlSettings.js';

const iso = (at: number) => new Date(at).toISOString();

function toRecrawlState(row: RecrawlRow, now: number): RecrawlState {
  return {
    settings: row.settings,
    time_zone: 'UTC',
    next_run_at: row.nextAt === null ? null : iso(row.nextAt),
    last: row.last && {
      at: iso(row.last.at),
      changed: row.last.changed,
      new: row.last.added,
      gone: row.last.gone,
      error: row.last.error,
    },
    running: row.leaseUntil >= now,
  };
}

/** The bot's re-crawl row, if `userId` owns the bot; 404 otherwise. */
export async function ownRecrawl(db: Kysely<Database>, userId: string, webchatId: string): Promise<RecrawlRow> {
  if (!(await findWebchatRow(db, userId, webchatId))) throw notFound('Web chat not found');
  return readRecrawl(db, webchatId);
}

export async function recrawlStateOf(db: Kysely<Database>, userId: string, webchatId: string, now: number) {
  return toRecrawlState(await ownRecrawl(db, userId, webchatId), now);
}

/** Stores new settings (fields left out are kept) and schedules the next run from them. */
export async function updateRecrawlSettings(
  db: Kysely<Database>,
  userId: string,
  webchatId: string,
  body: unknown,
  now: number,
): Promise<RecrawlState> {
  const current = await ownRecrawl(db, userId, webchatId);
  const settings = parseRecrawlSettings(body, current.settings);
  await saveRecrawlSettings(db, webchatId, settings, nextRecrawlAt(settings, now), now);
  return toRecrawlState(await readRecrawl(db, webchatId), now);
}
