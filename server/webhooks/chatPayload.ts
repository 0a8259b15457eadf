/**
 * What a chat event carries: the conversation's ids, its bot, its times, its transcript (what the
 * bot still keeps of it) and the cost of its answers.
 */
import type { Kysely } from 'kysely';
import type { TranscriptLine } from '../db/analysisTranscripts.js';
import { transcriptLines } from '../db/analysisTranscripts.js';
import type { Database } from '../db/schema.js';
import { answerFigures, conversationFigures, loadPriceBook } from '../pricing/chatFigures.js';

export interface ChatData {
  conversation: {
    id: string;
    bot: { id: string; name: string | null };
    startedAt: string;
    lastMessageAt: string;
    messageCount: number;
  };
  transcript: TranscriptLine[];
  cost: { totalUsd: number | null; currency: 'USD' } | null;
}

export async function chatData(db: Kysely<Database>, conversationId: string): Promise<ChatData | null> {
  const row = await db
    .selectFrom('chat_conversations')
    .leftJoin('webchats', 'webchats.id', 'chat_conversations.webchat_id')
    .select([
      'chat_conversations.id',
      'chat_conversations.webchat_id',
      'chat_conversations.started_at',
      'chat_conversations.last_message_at',
      'chat_conversations.message_count',
      'webchats.name',
    ])
    .where('chat_conversations.id', '=', conversationId)
    .executeTakeFirst();
  if (!row) return null;
  const answers = await db
    .selectFrom('chat_messages')
    .select(['role', 'created_at', 'model', 'input_tokens', 'cached_tokens', 'output_tokens', 'ttft_ms'])
    .where('conversation_id', '=', conversationId)
    .where('role', '=', 'assistant')
    .execute();
  const book = await loadPriceBook(db);
  const figures = conversationFigures(answers.map((answer) => answerFigures(answer, book)));
  return {
    conversation: {
      id: row.id,
      bot: { id: row.webchat_id, name: row.name },
      startedAt: new Date(Number(row.started_at)).toISOString(),
      lastMessageAt: new Date(Number(row.last_message_at)).toISOString(),
      messageCount: Number(row.message_count),
    },
    transcript: await transcriptLines(db, 'chat', conversationId),
    cost: figures ? { totalUsd: figures.costUsd, currency: 'USD' } : null,
  };
}
