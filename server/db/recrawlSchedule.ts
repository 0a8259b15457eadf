/**
 * Re-crawl schedules and their claims (migration 035). A bot's knowledge row holds its next run
 * time; every instance's timer asks for due rows and claims each with a compare-and-set (as
 * analysisClaims.ts and webhookClaims.ts do), so one instance runs it. A claim is a lease: a run
 * whose instance died frees the bot when it passes, and the next timer runs the schedule again.
 */
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { DEFAULT_RECRAWL_SETTINGS } from '../../shared/recrawl.js';
import type { RecrawlFrequency, RecrawlNewPages, RecrawlSettings } from '../../shared/types/recrawl.js';
import { type Claimed, claimEach } from './claimEach.js';
import type { RecrawlCounts } from './recrawlPages.js';
import type { Database, WebchatKnowledgeTable } from './schema.js';

export interface RecrawlRow {
  webchatId: string;
  siteUrl: string;
  settings: RecrawlSettings;
  nextAt: number | null;
  leaseUntil: number;
  last: (RecrawlCounts & { at: number; error: string | null }) | null;
}

export type ClaimedRecrawl = Claimed<RecrawlRow>;

const COLUMNS = [
  'webchat_id',
  'site_url',
  'recrawl_frequency',
  'recrawl_weekday',
  'recrawl_hour',
  'recrawl_new_pages',
  'recrawl_refresh_summary',
  'recrawl_next_at',
  'recrawl_lease_until',
  'recrawled_at',
  'recrawl_changed',
  'recrawl_new',
  'recrawl_gone',
  'recrawl_error',
] as const;

type Row = Pick<Selectable<WebchatKnowledgeTable>, (typeof COLUMNS)[number]>;

function toRecrawlRow(row: Row): RecrawlRow {
  return {
    webchatId: row.webchat_id,
    siteUrl: row.site_url,
    settings: {
      frequency: row.recrawl_frequency as RecrawlFrequency,
      weekday: Number(row.recrawl_weekday),
      hour: Number(row.recrawl_hour),
      new_pages: row.recrawl_new_pages as RecrawlNewPages,
      refresh_summary: Number(row.recrawl_refresh_summary) === 1,
    },
    nextAt: row.recrawl_next_at === null ? null : Number(row.recrawl_next_at),
    leaseUntil: Number(row.recrawl_lease_until),
    last:
      row.recrawled_at === null
        ? null
        : {
            at: Number(row.recrawled_at),
            changed: Number(row.recrawl_changed),
            added: Number(row.recrawl_new),
            gone: Number(row.recrawl_gone),
            error: row.recrawl_error,
          },
  };
}

/** The bot's schedule and last result; defaults when the bot has no knowledge row yet. */
export async function readRecrawl(db: Kysely<Database>, webchatId: string): Promise<RecrawlRow> {
  const row = await db
    .selectFrom('webchat_knowledge')
    .select(COLUMNS)
    .where('webchat_id', '=', webchatId)
    .executeTakeFirst();
  if (row) return toRecrawlRow(row);
  return { webchatId, siteUrl: '', settings: { ...DEFAULT_RECRAWL_SETTINGS }, nextAt: null, leaseUntil: 0, last: null };
}

/** Stores the settings and the next run they give (null: none), keeping the knowledge itself. */
export async function saveRecrawlSettings(
  db: Kysely<Database>,
  webchatId: string,
  settings: RecrawlSettings,
  nextAt: number | null,
  now: number,
): Promise<void> {
  const values = {
    recrawl_frequency: settings.frequency,
    recrawl_weekday: settings.weekday,
    recrawl_hour: settings.hour,
    recrawl_new_pages: settings.new_pages,
    recrawl_refresh_summary: settings.refresh_summary ? 1 : 0,
    recrawl_next_at: nextAt,
  };
  await db
    .insertInto('webchat_knowledge')
    .values({ webchat_id: webchatId, site_url: '', summary: '', updated_at: now, ...values })
    .onConflict((oc) => oc.column('webchat_id').doUpdateSet(values))
    .execute();
}

/** Free to claim: no run holds the bot, or the one that did is past its lease. */
function isFree(now: number) {
  return (eb: ExpressionBuilder<Database, 'webchat_knowledge'>) => eb('recrawl_lease_until', '<', now);
}

function claim(db: Kysely<Database>, webchatId: string, token: string, now: number, leaseMs: number, due: boolean) {
  let update = db
    .updateTable('webchat_knowledge')
    .set({ recrawl_lease_until: now + leaseMs, recrawl_claim_token: token })
    .where('webchat_id', '=', webchatId)
    .where(isFree(now));
  if (due) update = update.where('recrawl_next_at', '<=', now);
  return update
    .returning(COLUMNS)
    .executeTakeFirst()
    .then((row) => (row ? toRecrawlRow(row) : undefined));
}

/** Claims up to `limit` schedules that are due and free, oldest first. */
export async function claimDueRecrawls(
  db: Kysely<Database>,
  { now, limit, leaseMs }: { now: number; limit: number; leaseMs: number },
): Promise<ClaimedRecrawl[]> {
  if (limit <= 0) return [];
  const due = await db
    .selectFrom('webchat_knowledge')
    .select('webchat_id')
    .where('recrawl_next_at', '<=', now)
    .where(isFree(now))
    .orderBy('recrawl_next_at')
    .limit(limit)
    .execute();
  return claimEach(
    due.map((row) => row.webchat_id),
    (id, token) => claim(db, id, token, now, leaseMs, true),
  );
}

/** Claims the bot for a run now ("Re-crawl now"); undefined when a run holds it already. */
export async function claimRecrawlNow(
  db: Kysely<Database>,
  webchatId: string,
  { now, leaseMs }: { now: number; leaseMs: number },
): Promise<ClaimedRecrawl | undefined> {
  const [claimed] = await claimEach([webchatId], (id, token) => claim(db, id, token, now, leaseMs, false));
  return claimed;
}

export interface RecrawlFinish {
  now: number;
  /** What the run found; null hands the claim back untried (the instance is stopping). */
  result: (RecrawlCounts & { error: string | null }) | null;
  /** The schedule's next run; undefined leaves it as it is (a run now, or a run handed back). */
  nextAt?: number | null;
}

/** Ends a claim: stores the result and the next run; false when the claim was lost meanwhile. */
export async function finishRecrawl(db: Kysely<Database>, claimed: ClaimedRecrawl, finish: RecrawlFinish) {
  const { now, result, nextAt } = finish;
  const update = await db
    .updateTable('webchat_knowledge')
    .set({
      recrawl_lease_until: 0,
      recrawl_claim_token: null,
      ...(nextAt === undefined ? {} : { recrawl_next_at: nextAt }),
      ...(result === null
        ? {}
        : {
            recrawled_at: now,
            recrawl_changed: result.changed,
            recrawl_new: result.added,
            recrawl_gone: result.gone,
            recrawl_error: result.error,
          }),
    })
    .where('webchat_id', '=', claimed.row.webchatId)
    .where('recrawl_claim_token', '=', claimed.token)
    .executeTakeFirst();
  return Number(update.numUpdatedRows) > 0;
}

/** Replaces the summary after a re-crawl, if the claim still holds. */
export async function saveRecrawledSummary(db: Kysely<Database>, claimed: ClaimedRecrawl, summary: string) {
  await db
    .updateTable('webchat_knowledge')
    .set({ summary: summary.replaceAll('\u0000', '') })
    .where('webchat_id', '=', claimed.row.webchatId)
    .where('recrawl_claim_token', '=', claimed.token)
    .execute();
}
