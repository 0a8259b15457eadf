/**
 * A call's review figures in the export (issue 21): each batch's calls read once by their keys
 * and priced with the price table read once per export. Chats and calls from before the figures
 * were kept carry none (empty CSV cells, nulls in JSON Lines).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { callFigures, loadPricing } from '../pricing/callFigures.js';
import type { TelephonyRates } from '../pricing/telephonyRates.js';
import type { ExportItem } from './exportItems.js';

export async function* withFigures(
  db: Kysely<Database>,
  rates: TelephonyRates,
  batches: AsyncIterable<ExportItem[]>,
): AsyncGenerator<ExportItem[]> {
  const pricing = await loadPricing(db, rates);
  for await (const items of batches) {
    const ids = items.filter((item) => item.parent.kind === 'call').map((item) => item.parent.id);
    const rows =
      ids.length === 0 ? [] : await db.selectFrom('call_sessions').selectAll().where('stream_sid', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.stream_sid, row]));
    yield items.map((item) => {
      const row = item.parent.kind === 'call' ? byId.get(item.parent.id) : undefined;
      return { ...item, figures: row ? callFigures(row, pricing) : null };
    });
  }
}
