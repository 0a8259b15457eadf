/**
 * A chat answer's figures as the API carries them (issue 21): the row's model, tokens and time
 * to first token, and its cost at the prices in force when the answer was written. Answers from
 * before the figures were kept have none (null), which the console shows as "—", never as 0.
 */
import type { Kysely } from 'kysely';
import type { AnswerFigures, ConversationFigures } from '../../shared/types/history.js';
import { listModelPrices } from '../db/modelPrices.js';
import type { ChatMessagesTable, Database } from '../db/schema.js';
import { PriceBook } from './PriceBook.js';
import { usageCostUsd } from './usageCost.js';

type AnswerRow = Pick<
  ChatMessagesTable,
  'role' | 'created_at' | 'model' | 'input_tokens' | 'cached_tokens' | 'output_tokens' | 'ttft_ms'
>;

export async function loadPriceBook(db: Kysely<Database>): Promise<PriceBook> {
  return new PriceBook(await listModelPrices(db));
}

const count = (value: number | null) => (value === null ? null : Number(value));

export function answerFigures(row: AnswerRow, book: PriceBook): AnswerFigures | null {
  if (row.role !== 'assistant' || row.model === null) return null;
  const inputTokens = count(row.input_tokens);
  const cachedTokens = count(row.cached_tokens);
  const outputTokens = count(row.output_tokens);
  const price = book.priceAt(row.model, Number(row.created_at));
  // A chat's tokens are all text: Chat Completions reports no audio for the bots' models.
  const costUsd =
    price && inputTokens !== null && outputTokens !== null
      ? usageCostUsd(
          {
            inputText: inputTokens,
            cachedText: cachedTokens ?? 0,
            outputText: outputTokens,
            inputAudio: 0,
            cachedAudio: 0,
            outputAudio: 0,
          },
          price,
        )
      : null;
  return { model: row.model, inputTokens, cachedTokens, outputTokens, ttftMs: count(row.ttft_ms), costUsd };
}

/** The figures of a conversation's kept answers added up (see ConversationFigures). */
export function conversationFigures(answers: ReadonlyArray<AnswerFigures | null>): ConversationFigures | null {
  const measured = answers.filter((figures): figures is AnswerFigures => figures !== null);
  if (measured.length === 0) return null;
  const sum = (pick: (figures: AnswerFigures) => number | null): number | null => {
    let total = 0;
    for (const figures of measured) {
      const value = pick(figures);
      if (value === null) return null;
      total += value;
    }
    return total;
  };
  const ttfts = measured.flatMap((figures) => (figures.ttftMs === null ? [] : [figures.ttftMs])).sort((a, b) => a - b);
  return {
    answers: measured.length,
    inputTokens: sum((figures) => figures.inputTokens),
    cachedTokens: sum((figures) => figures.cachedTokens),
    outputTokens: sum((figures) => figures.outputTokens),
    costUsd: sum((figures) => figures.costUsd),
    ttftP50Ms: percentile(ttfts, 50),
    ttftP95Ms: percentile(ttfts, 95),
  };
}

/** Nearest-rank percentile of sorted values, as a call's turn latency p50 and p95 are taken. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}
