/**
 * What the webhook scan (webhooks/WebhookEvents.ts) announces after the fact: chats that went quiet
 * (chat.conversation.ended) and calls whose end nobody announced (call.ended), each with the
 * owner's endpoints that take the event.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface QuietChat {
  id: string;
  user_id: string;
  last_message_at: number;
  /** The owner's endpoints taking the event that existed before the chat's last message. */
  endpointIds: string[];
}

/**
 * Conversations with messages whose last one came in [from, quietUntil), with the endpoints that
 * take `chat.conversation.ended` and existed then (an endpoint added later does not get old chats).
 * Owners' test chats from the bot page are left out, as from every visitor count.
 */
export async function quietChatsToAnnounce(
  db: Kysely<Database>,
  from: number,
  quietUntil: number,
  limit: number,
): Promise<QuietChat[]> {
  const rows = await db
    .selectFrom('chat_conversations')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.user_id', 'chat_conversations.user_id')
    .select([
      'chat_conversations.id',
      'chat_conversations.user_id',
      'chat_conversations.last_message_at',
      'webhook_endpoints.id as endpoint_id',
    ])
    .where('chat_conversations.last_message_at', '>=', from)
    .where('chat_conversations.last_message_at', '<', quietUntil)
    .where('chat_conversations.message_count', '>', 0)
    .where('chat_conversations.test', '=', 0)
    .where('webhook_endpoints.enabled', '=', 1)
    .where('webhook_endpoints.events', 'like', '%"chat.conversation.ended"%')
    .whereRef('webhook_endpoints.created_at', '<=', 'chat_conversations.last_message_at')
    .orderBy('chat_conversations.last_message_at')
    .limit(limit)
    .execute();
  const chats = new Map<string, QuietChat>();
  for (const row of rows) {
    const chat = chats.get(row.id) ?? {
      id: row.id,
      user_id: row.user_id,
      last_message_at: Number(row.last_message_at),
      endpointIds: [],
    };
    chat.endpointIds.push(row.endpoint_id);
    chats.set(row.id, chat);
  }
  return [...chats.values()];
}

export interface EndedCall {
  stream_sid: string;
  user_id: string;
  end_time: number;
  endpointIds: string[];
}

/**
 * Calls that ended in [from, until), with the owner's endpoints that take `call.ended` and existed
 * then. The scan that reads them catches the ends no bridge announced: calls closed after their
 * instance died, or an instance that stopped between storing an end and queueing its event.
 */
export async function endedCallsToAnnounce(
  db: Kysely<Database>,
  from: number,
  until: number,
  limit: number,
): Promise<EndedCall[]> {
  const rows = await db
    .selectFrom('call_sessions')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.user_id', 'call_sessions.user_id')
    .select([
      'call_sessions.stream_sid',
      'call_sessions.user_id',
      'call_sessions.end_time',
      'webhook_endpoints.id as endpoint_id',
    ])
    .where('call_sessions.end_time', '>=', from)
    .where('call_sessions.end_time', '<', until)
    .where('webhook_endpoints.enabled', '=', 1)
    .where('webhook_endpoints.events', 'like', '%"call.ended"%')
    .whereRef('webhook_endpoints.created_at', '<=', 'call_sessions.end_time')
    .orderBy('call_sessions.end_time')
    .limit(limit)
    .execute();
  const calls = new Map<string, EndedCall>();
  for (const row of rows) {
    const call = calls.get(row.stream_sid) ?? {
      stream_sid: row.stream_sid,
      user_id: row.user_id,
      end_time: Number(row.end_time),
      endpointIds: [],
    };
    call.endpointIds.push(row.endpoint_id);
    calls.set(row.stream_sid, call);
  }
  return [...calls.values()];
}
