/**
 * Messages of chat conversations (migration 009): one turn written in one transaction,
 * and the kept visitor and bot texts read back, newest last, for the model and for a reload.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChatSource } from '../../shared/types/chat.js';
import type { ChatMessagesTable, Database } from './schema.js';
import { inTransaction } from './transaction.js';

/** An answer's usage figures (migration 016) are optional: other rows, and older answers, have none. */
type UsageColumns = 'model' | 'input_tokens' | 'cached_tokens' | 'output_tokens' | 'ttft_ms';
/** A rating (migration 028) comes later, by an UPDATE: a new row has none. */
type RatingColumns = 'rating' | 'rating_comment' | 'rated_at';
/** Sources (migration 036) are written only for an answer that cited some. */
type SourceColumns = 'sources';
export type ChatMessageRecord = Omit<ChatMessagesTable, UsageColumns | RatingColumns | SourceColumns> &
  Partial<Pick<ChatMessagesTable, UsageColumns>>;

/** A visitor or bot text as kept. */
export type KeptMessage = Pick<ChatMessageRecord, 'id' | 'role' | 'text' | 'created_at' | 'operator_name'> & {
  role: 'user' | 'assistant';
  rating: 'up' | 'down' | null;
  /** The answer's cited sources as stored (JSON), null when none: readSources() reads it. */
  sources: string | null;
};

/** A tool call of a turn as it is kept. */
export interface TurnToolCall {
  name: string;
  args: string;
  output: string;
  isError: boolean;
  at: number;
}

/** An answer's model, tokens (null when not reported; `cached` is a part of `input`) and ms to its first token. */
export interface AnswerFigures {
  model: string;
  tokens: { input: number; cached: number; output: number } | null;
  ttftMs: number | null;
}

/** `figures` null: none measured (what older answers have). */
export interface TurnAnswer {
  id: string;
  text: string;
  at: number;
  figures: AnswerFigures | null;
  /** The knowledge it cited (issue 24); none or empty stores nothing. */
  sources?: ChatSource[];
}

/** One turn: the question, the tool calls made for it, the answer (none when the visitor left before any text). */
export interface TurnRecord {
  conversationId: string;
  question: { id: string; text: string; at: number };
  toolCalls: TurnToolCall[];
  answer: TurnAnswer | null;
  /** When each message expires by the time it was written; null keeps no text (Don't keep with no memory). */
  messageExpiresAt: ((at: number) => number) | null;
  /** The conversation's new expiry, counted from the answer. */
  conversationExpiresAt: number;
}

/** PostgreSQL cannot hold U+0000 in text, and it means nothing in a chat. */
const storable = (text: string) => text.replaceAll('\u0000', '');

/**
 * Writes the turn in one transaction: the conversation's counts and times always, the texts when
 * the bot keeps any (db/chatExpiry.ts keepsTexts). False when the conversation is gone (its bot was deleted meanwhile).
 */
export async function saveTurn(db: Kysely<Database>, turn: TurnRecord): Promise<boolean> {
  const keep = turn.messageExpiresAt;
  const { answer } = turn;
  const texts = answer ? 2 : 1;
  const rows = keep ? turn.toolCalls.length + texts : 0;
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('chat_conversations')
      .set((eb) => ({
        last_seq: eb('last_seq', '+', rows),
        message_count: eb('message_count', '+', texts),
        last_message_at: (answer ?? turn.question).at,
        expires_at: turn.conversationExpiresAt,
        first_question: keep
          ? eb
              .case()
              .when('message_count', '=', 0)
              .then(storable(turn.question.text))
              .else(eb.ref('first_question'))
              .end()
          : eb.ref('first_question'),
      }))
      .where('id', '=', turn.conversationId)
      .returning('last_seq')
      .executeTakeFirst();
    if (!updated) return false;
    if (!keep) return true;
    let seq = Number(updated.last_seq) - rows;
    const row = (
      id: string,
      role: ChatMessageRecord['role'],
      text: string,
      at: number,
      tool?: TurnToolCall,
    ): ChatMessageRecord => {
      seq += 1;
      return {
        id,
        conversation_id: turn.conversationId,
        seq,
        role,
        text: storable(text),
        created_at: at,
        expires_at: keep(at),
        tool_name: tool ? storable(tool.name) : null,
        tool_args: tool ? storable(tool.args) : null,
        tool_output: tool ? storable(tool.output) : null,
        is_error: tool?.isError ? 1 : 0,
      };
    };
    await trx
      .insertInto('chat_messages')
      .values([
        row(turn.question.id, 'user', turn.question.text, turn.question.at),
        ...turn.toolCalls.map((call) => row(randomUUID(), 'tool', '', call.at, call)),
        // Without figures the columns are left out (NULL by default), so a database from before
        // migration 016 still takes the turn (the migration tests seed through here).
        ...(answer
          ? [
              {
                ...row(answer.id, 'assistant', answer.text, answer.at),
                ...(answer.figures ? figureColumns(answer.figures) : {}),
                ...(answer.sources?.length ? { sources: JSON.stringify(answer.sources) } : {}),
              },
            ]
          : []),
      ])
      .execute();
    return true;
  });
}

function figureColumns(figures: AnswerFigures): Pick<ChatMessagesTable, UsageColumns> {
  return {
    model: figures.model,
    input_tokens: figures.tokens?.input ?? null,
    cached_tokens: figures.tokens?.cached ?? null,
    output_tokens: figures.tokens?.output ?? null,
    ttft_ms: figures.ttftMs,
  };
}

/** The newest `limit` visitor and bot texts written at or after `since`, oldest first. */
export async function keptMessages(
  db: Kysely<Database>,
  conversationId: string,
  since: number,
  limit: number,
): Promise<KeptMessage[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .select(['id', 'role', 'text', 'created_at', 'operator_name', 'rating', 'sources'])
    .where('conversation_id', '=', conversationId)
    .where('role', 'in', ['user', 'assistant'])
    .where('created_at', '>=', since)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  return (rows as KeptMessage[]).reverse();
}
