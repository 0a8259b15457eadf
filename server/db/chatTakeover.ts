/**
 * Who holds a visitor's conversation (migration 031, issue 23 chat take-over): each change is one
 * conditional UPDATE, so two operators pressing Take over at once (on two instances) cannot both
 * win, and a hand-back or a message only counts from the operator holding it. Conversations are
 * found with their bot and owner; an owner's test chats are never taken over.
 */
import type { Kysely } from 'kysely';
import type { ConversationRecord } from './chatConversations.js';
import type { Database } from './schema.js';
import { inTransaction } from './transaction.js';

export interface ConversationRef {
  ownerId: string;
  webchatId: string;
  conversationId: string;
}

export interface Operator {
  id: string;
  name: string;
}

const owned = (db: Kysely<Database>, ref: ConversationRef) =>
  db
    .selectFrom('chat_conversations')
    .selectAll()
    .where('id', '=', ref.conversationId)
    .where('webchat_id', '=', ref.webchatId)
    .where('user_id', '=', ref.ownerId)
    .where('test', '=', 0);

/** The owner's visitor conversation, or undefined. */
export function findOwnedVisitorConversation(
  db: Kysely<Database>,
  ref: ConversationRef,
): Promise<ConversationRecord | undefined> {
  return owned(db, ref).executeTakeFirst();
}

/** Gives the conversation to `operator` unless another holds it; the row as it is afterwards (undefined: none). */
export async function takeOverConversation(
  db: Kysely<Database>,
  ref: ConversationRef,
  operator: Operator,
): Promise<ConversationRecord | undefined> {
  await db
    .updateTable('chat_conversations')
    .set({ operator_id: operator.id, operator_name: operator.name, waiting_since: null })
    .where('id', '=', ref.conversationId)
    .where('webchat_id', '=', ref.webchatId)
    .where('user_id', '=', ref.ownerId)
    .where('test', '=', 0)
    .where((eb) => eb.or([eb('operator_id', 'is', null), eb('operator_id', '=', operator.id)]))
    .execute();
  return findOwnedVisitorConversation(db, ref);
}

/** The bot answers again, if `operatorId` held it; the row as it is afterwards. */
export async function handBackConversation(
  db: Kysely<Database>,
  ref: ConversationRef,
  operatorId: string,
): Promise<{ handedBack: boolean; row: ConversationRecord | undefined }> {
  const result = await db
    .updateTable('chat_conversations')
    .set({ operator_id: null, operator_name: null })
    .where('id', '=', ref.conversationId)
    .where('webchat_id', '=', ref.webchatId)
    .where('user_id', '=', ref.ownerId)
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
  return { handedBack: Number(result.numUpdatedRows) > 0, row: await findOwnedVisitorConversation(db, ref) };
}

/** Notes a visitor's request for a person at `at`, unless one is noted or someone holds it; whether it was noted now. */
export async function markWaiting(
  db: Kysely<Database>,
  webchatId: string,
  conversationId: string,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('chat_conversations')
    .set({ waiting_since: at })
    .where('id', '=', conversationId)
    .where('webchat_id', '=', webchatId)
    .where('test', '=', 0)
    .where('operator_id', 'is', null)
    .where('waiting_since', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface OperatorMessage {
  id: string;
  text: string;
  at: number;
  operator: Operator;
  /** When the text expires; null when the bot keeps no text (its counts still move). */
  messageExpiresAt: number | null;
  conversationExpiresAt: number;
}

/**
 * Keeps an operator's message as the bot side's (role 'assistant', with their name), if
 * `operator` still holds the conversation; false when not (handed back, or taken by another).
 */
export function saveOperatorMessage(
  db: Kysely<Database>,
  conversationId: string,
  message: OperatorMessage,
): Promise<boolean> {
  const keep = message.messageExpiresAt !== null;
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('chat_conversations')
      .set((eb) => ({
        last_seq: eb('last_seq', '+', keep ? 1 : 0),
        message_count: eb('message_count', '+', 1),
        last_message_at: message.at,
        expires_at: message.conversationExpiresAt,
      }))
      .where('id', '=', conversationId)
      .where('operator_id', '=', message.operator.id)
      .returning('last_seq')
      .executeTakeFirst();
    if (!updated) return false;
    if (message.messageExpiresAt === null) return true;
    await trx
      .insertInto('chat_messages')
      .values({
        id: message.id,
        conversation_id: conversationId,
        seq: Number(updated.last_seq),
        role: 'assistant',
        // PostgreSQL cannot hold U+0000 in text.
        text: message.text.replaceAll('\u0000', ''),
        created_at: message.at,
        expires_at: message.messageExpiresAt,
        tool_name: null,
        tool_args: null,
        tool_output: null,
        is_error: 0,
        operator_name: message.operator.name,
      })
      .execute();
    return true;
  });
}
