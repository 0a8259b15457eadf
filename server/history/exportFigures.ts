/**
 * The review figures in the export (issue 21): each batch's calls read once by their keys, its
 * chats' measured answers taken from the messages already read with them, all priced with the
 * price table read once per export. Calls and chats from before the figures were kept carry
 * none (empty CSV cells).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { callFigures, loadPricing } from '../pricing/callFigures.js';
import { answerFigures, conversationFigures } from '../pricing/chatFigures.js';
import type { PriceBook } from '../pricing/PriceBook.js';
import type { TelephonyRates } from '../pricing/telephonyRates.js';
import type { ChatAnswerRow, ChatExportFigures, ExportItem } from './exportItems.js';

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
      if (item.parent.kind === 'chat')
        return { ...item, chatFigures: chatExportFigures(item.chatAnswers, pricing.book) };
      const row = byId.get(item.parent.id);
      return { ...item, figures: row ? callFigures(row, pricing) : null };
    });
  }
}

/** A chat's answers read with its messages (exportItems.ts), priced: no second read of chat_messages. */
function chatExportFigures(rows: ChatAnswerRow[] | undefined, book: PriceBook): ChatExportFigures | null {
  const answers = (rows ?? []).map((row) => answerFigures(row, book));
  const totals = conversationFigures(answers);
  if (!totals) return null;
  const models = [...new Set(answers.flatMap((figures) => (figures ? [figures.model] : [])))];
  return { models, totals };
}
