/**
 * Calls, bots and chats written straight to the database through the repositories the bridge and
 * the chat engine use (so migration 012's triggers index them as in production), for the history
 * tests and the bench.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insertConversation, newConversationId } from '../../server/db/chatConversations.js';
import { chatExpiry, keepsTexts } from '../../server/db/chatExpiry.js';
import { type AnswerFigures, saveTurn, type TurnToolCall } from '../../server/db/chatMessages.js';
import type { Database } from '../../server/db/schema.js';
import { insertMessage } from '../../server/db/sessionMessages.js';
import { endSessionRecord, insertSession } from '../../server/db/sessions.js';
import { insertWebchat } from '../../server/db/webchats.js';
import { NEW_WEBCHAT_COLUMNS } from '../../server/webchats/toWebchat.js';

const EXPIRY = chatExpiry(60_000);
let calls = 0;

export interface SeedCallMessage {
  type: 'user' | 'assistant' | 'function';
  message: string;
  function_args?: string;
  function_output?: string;
}

export interface SeedCall {
  userId: string;
  agentId?: string;
  agentName?: string;
  from?: string;
  to?: string;
  start: number;
  messages: SeedCallMessage[];
  /** Ends the call a minute after its start (default true). */
  ended?: boolean;
}

/** A call with its transcript, one message a second; its stream SID. */
export async function seedCall(db: Kysely<Database>, call: SeedCall): Promise<string> {
  calls += 1;
  const streamSid = `MZhist${process.pid}x${String(calls).padStart(20, '0')}`;
  await insertSession(db, {
    stream_sid: streamSid,
    call_sid: `CAhist${process.pid}x${String(calls).padStart(20, '0')}`,
    user_id: call.userId,
    agent_id: call.agentId ?? 'agent-1',
    agent_name: call.agentName ?? 'Support agent',
    from_number: call.from ?? '+14155550100',
    to_number: call.to ?? '+14155550199',
    call_type: 'inbound',
    start_time: call.start,
  });
  await seedCallMessages(db, streamSid, call);
  if (call.ended !== false)
    await endSessionRecord(
      db,
      { stream_sid: streamSid, user_id: call.userId, start_time: call.start },
      call.start + 60_000,
    );
  return streamSid;
}

/** The call's transcript, one message a second from its start. */
export async function seedCallMessages(
  db: Kysely<Database>,
  streamSid: string,
  call: Pick<SeedCall, 'start' | 'messages'>,
): Promise<void> {
  for (const [index, message] of call.messages.entries()) {
    await insertMessage(db, {
      stream_sid: streamSid,
      item_id: `item_${index}`,
      seq: index + 1,
      type: message.type,
      message: message.message,
      timestamp: call.start + (index + 1) * 1000,
      function_output: message.function_output ?? null,
      function_args: message.function_args ?? null,
      function_id: null,
    });
  }
}

/** A bot of `userId` (default retention); its id. */
export async function seedBot(
  db: Kysely<Database>,
  userId: string,
  name = 'Help bot',
  retentionSeconds = 3_600,
): Promise<string> {
  const columns = {
    ...NEW_WEBCHAT_COLUMNS,
    name,
    description: 'Seeded bot',
    short_term_messages_retention_period: retentionSeconds,
  };
  return (await insertWebchat(db, userId, columns, [], Date.now())).row.id;
}

export interface SeedTurn {
  question: string;
  answer: string;
  tools?: Array<Omit<TurnToolCall, 'at'>>;
  /** The answer's model, tokens and time to first token; none by default (an answer from before they were kept). */
  figures?: AnswerFigures;
}

export interface SeedChat {
  userId: string;
  webchatId: string;
  start: number;
  turns: SeedTurn[];
  retentionSeconds?: number;
  /** The bot's Keep history (default forever, like a new bot). */
  keepHistoryDays?: number | null;
}

/** A conversation written turn by turn with the chat engine's saveTurn, a turn a minute; its id. */
export async function seedChat(db: Kysely<Database>, chat: SeedChat): Promise<string> {
  const id = newConversationId();
  const keeping = { memorySeconds: chat.retentionSeconds ?? 3_600, historyDays: chat.keepHistoryDays ?? null };
  await insertConversation(db, {
    id,
    user_id: chat.userId,
    webchat_id: chat.webchatId,
    at: chat.start,
    expires_at: EXPIRY.conversationExpiresAt(chat.start, keeping),
  });
  for (const [index, turn] of chat.turns.entries()) {
    const at = chat.start + index * 60_000;
    await saveTurn(db, {
      conversationId: id,
      question: { id: randomUUID(), text: turn.question, at },
      toolCalls: (turn.tools ?? []).map((tool) => ({ ...tool, at: at + 500 })),
      answer: { id: randomUUID(), text: turn.answer, at: at + 1000, figures: turn.figures ?? null },
      messageExpiresAt: keepsTexts(keeping) ? (written) => EXPIRY.messageExpiresAt(written, keeping) : null,
      conversationExpiresAt: EXPIRY.conversationExpiresAt(at + 1000, keeping),
    });
  }
  return id;
}

export interface BulkChats {
  userId: string;
  webchatId: string;
  conversations: number;
  /** Visitor questions (each answered), so 2 × turns messages per conversation. */
  turns: number;
  start: number;
  /** Words the texts are made of, picked in turn; default a small shop vocabulary. */
  words?: readonly string[];
}

const SHOP_WORDS = [
  'order',
  'parcel',
  'refund',
  'delivery',
  'invoice',
  'address',
  'voucher',
  'size',
  'colour',
  'return',
  'price',
  'stock',
];

/**
 * Many conversations at once, for volume tests and the bench: multi-row inserts of 500 in one
 * transaction per batch (the triggers index every message as the chat engine's writes are).
 */
export async function seedBulkChats(db: Kysely<Database>, bulk: BulkChats): Promise<string[]> {
  const words = bulk.words ?? SHOP_WORDS;
  const ids = Array.from(
    { length: bulk.conversations },
    (_, i) => `bulk${String(i).padStart(8, '0')}${newConversationId().slice(0, 20)}`,
  );
  const perConversation = 2 * bulk.turns;
  const BATCH = 500;
  const far = bulk.start + 10 * 365 * 86_400_000;
  for (let from = 0; from < ids.length; from += BATCH) {
    const slice = ids.slice(from, from + BATCH);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('chat_conversations')
        .values(
          slice.map((id, k) => {
            const started = bulk.start + (from + k) * 60_000;
            return {
              id,
              user_id: bulk.userId,
              webchat_id: bulk.webchatId,
              started_at: started,
              last_message_at: started + perConversation * 1000,
              message_count: perConversation,
              first_question: `question 0 ${words[0]}`,
              last_seq: perConversation,
              expires_at: far,
              test: 0,
            };
          }),
        )
        .execute();
      const rows = slice.flatMap((id, k) =>
        Array.from({ length: perConversation }, (_, seq) => {
          const word = words[(from + k + seq) % words.length]!;
          const at = bulk.start + (from + k) * 60_000 + seq * 1000;
          return {
            id: `${id}-${seq}`,
            conversation_id: id,
            seq: seq + 1,
            role: seq % 2 === 0 ? ('user' as const) : ('assistant' as const),
            text:
              seq % 2 === 0
                ? `question ${seq / 2} about my ${word}, number ${from + k}`
                : `Here is what I know about the ${word}.`,
            created_at: at,
            expires_at: far,
            tool_name: null,
            tool_args: null,
            tool_output: null,
            is_error: 0,
          };
        }),
      );
      for (let i = 0; i < rows.length; i += BATCH)
        await trx
          .insertInto('chat_messages')
          .values(rows.slice(i, i + BATCH))
          .execute();
    });
  }
  return ids;
}
