/**
 * Chat take-over and "Talk to a person" (issue 23; README "Take over a chat"), reached as
 * `app.chat.takeover`: an operator of the bot's owner takes a visitor's conversation over (the
 * engine then keeps the visitor's messages without answering), writes in it, and hands it back; a
 * visitor asks for a person. The state lives on the conversation row (migration 031), so every
 * instance's engine respects it; the visitor's widget hears of each change through its events
 * stream (ConversationEvents, across instances), the owner's consoles through `chat.handoff` and
 * `chat.message`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ConversationHandoff, OperatorMessageResponse } from '../../shared/types/chat.js';
import { conflict, notFound } from '../core/AppError.js';
import type { Clock } from '../core/types.js';
import type { ConversationRecord } from '../db/chatConversations.js';
import { type ChatExpiry, keepingOf, keepsTexts } from '../db/chatExpiry.js';
import { saveTurn } from '../db/chatMessages.js';
import {
  type ConversationRef,
  findOwnedVisitorConversation,
  handBackConversation,
  markWaiting,
  type Operator,
  saveOperatorMessage,
  takeOverConversation,
} from '../db/chatTakeover.js';
import type { Database } from '../db/schema.js';
import { findPublicWebchatRow, type WebchatRecord } from '../db/webchats.js';
import type { ConnectionRegistry } from '../realtime/ConnectionRegistry.js';
import type { ConversationEvents } from './ConversationEvents.js';
import type { SseStream } from './SseStream.js';

export const TAKEOVER_CONVERSATION_NOT_FOUND = 'Conversation not found';
export const NO_PERSON_HERE = 'This chat does not offer a person';
export const TAKE_OVER_FIRST = 'Take over the conversation before writing in it';
export const heldByOther = (name: string) => `${name} is already chatting in this conversation`;

export interface ChatTakeoverDeps {
  db: Kysely<Database>;
  clock: Clock;
  expiry: ChatExpiry;
  events: ConversationEvents;
  realtime: Pick<ConnectionRegistry, 'sendToUser'>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const handoffOf = (row: ConversationRecord): ConversationHandoff => ({
  conversationId: row.id,
  operatorId: row.operator_id,
  operatorName: row.operator_name,
  waitingSince: row.waiting_since === null ? null : Number(row.waiting_since),
});

export class ChatTakeover {
  constructor(private readonly deps: ChatTakeoverDeps) {}

  /** `operator` holds the conversation from now on (again, if they did); a 409 names who holds it otherwise. */
  async takeOver(ref: ConversationRef, operator: Operator): Promise<ConversationHandoff> {
    const before = await this.#owned(ref);
    const row = await takeOverConversation(this.deps.db, ref, operator);
    if (!row) throw notFound(TAKEOVER_CONVERSATION_NOT_FOUND);
    if (row.operator_id !== operator.id) throw conflict(heldByOther(row.operator_name ?? ''));
    if (before.operator_id !== operator.id) {
      this.deps.events.push(row.id, 'operator', { name: operator.name, joined: true });
      this.#announce(row);
    }
    return handoffOf(row);
  }

  /** The bot answers again; nothing to do when nobody holds it; a 409 when another operator does. */
  async handBack(ref: ConversationRef, operator: Operator): Promise<ConversationHandoff> {
    await this.#owned(ref);
    const { handedBack, row } = await handBackConversation(this.deps.db, ref, operator.id);
    if (!row) throw notFound(TAKEOVER_CONVERSATION_NOT_FOUND);
    if (row.operator_id !== null) throw conflict(heldByOther(row.operator_name ?? ''));
    if (handedBack) {
      this.deps.events.push(row.id, 'operator', { name: operator.name, joined: false });
      this.#announce(row);
    }
    return handoffOf(row);
  }

  /** Keeps the holding operator's message and shows it in the visitor's widget. */
  async post(ref: ConversationRef, operator: Operator, text: string): Promise<OperatorMessageResponse> {
    const row = await this.#owned(ref);
    if (row.operator_id !== operator.id) throw conflict(TAKE_OVER_FIRST);
    const bot = await findPublicWebchatRow(this.deps.db, ref.webchatId);
    if (!bot) throw notFound(TAKEOVER_CONVERSATION_NOT_FOUND);
    const keeping = keepingOf(bot);
    const at = this.deps.clock();
    const id = randomUUID();
    const saved = await saveOperatorMessage(this.deps.db, row.id, {
      id,
      text,
      at,
      operator,
      messageExpiresAt: keepsTexts(keeping) ? this.deps.expiry.messageExpiresAt(at, keeping) : null,
      conversationExpiresAt: this.deps.expiry.conversationExpiresAt(at, keeping),
    });
    // Handed back or taken by another meanwhile.
    if (!saved) throw conflict(TAKE_OVER_FIRST);
    this.deps.events.push(row.id, 'message', { id, name: operator.name, text, createdAt: at });
    return { id, text, operatorName: operator.name, createdAt: at };
  }

  /**
   * A visitor asks for a person: noted once (a second press changes nothing) and told to the
   * owner's consoles and the conversation's other windows. The bot keeps answering meanwhile.
   */
  async askForPerson(bot: WebchatRecord, conversation: ConversationRecord): Promise<ConversationHandoff> {
    if (bot.talk_to_person !== 1) throw notFound(NO_PERSON_HERE);
    const at = this.deps.clock();
    if (await markWaiting(this.deps.db, bot.id, conversation.id, at)) {
      this.deps.events.push(conversation.id, 'waiting', { since: at });
      const row = { ...conversation, waiting_since: at };
      this.#announce(row);
      return handoffOf(row);
    }
    return handoffOf(conversation);
  }

  /**
   * A visitor's message while an operator holds the conversation: kept as a turn without an
   * answer, the operator's consoles told, and the stream ended with a `done` naming no answer.
   * Never rejects: a failure to keep it is the stream's retryable `error`.
   */
  async keepUnanswered(
    bot: WebchatRecord,
    conversationId: string,
    question: { id: string; text: string; at: number },
    stream: SseStream,
  ): Promise<void> {
    const keeping = keepingOf(bot);
    const { expiry } = this.deps;
    try {
      await saveTurn(this.deps.db, {
        conversationId,
        question,
        toolCalls: [],
        answer: null,
        messageExpiresAt: keepsTexts(keeping) ? (at) => expiry.messageExpiresAt(at, keeping) : null,
        conversationExpiresAt: expiry.conversationExpiresAt(question.at, keeping),
      });
    } catch (error) {
      this.deps.log.error({ err: error, webchatId: bot.id, conversationId }, 'a message to an operator was not kept');
      stream.send('error', { code: 'server_error', message: 'Your message was not sent.', retryable: true });
      return;
    }
    this.deps.realtime.sendToUser(bot.user_id, { type: 'chat.message', webchatId: bot.id, conversationId });
    stream.send('done', { conversationId, userMessageId: question.id, assistantMessageId: '' });
  }

  async #owned(ref: ConversationRef): Promise<ConversationRecord> {
    const row = await findOwnedVisitorConversation(this.deps.db, ref);
    if (!row) throw notFound(TAKEOVER_CONVERSATION_NOT_FOUND);
    return row;
  }

  #announce(row: ConversationRecord): void {
    this.deps.realtime.sendToUser(row.user_id, { type: 'chat.handoff', webchatId: row.webchat_id, ...handoffOf(row) });
  }
}
