/**
 * The live chat of one app (created in buildApp, reached as `app.chat`; README "Live chat"):
 * admits a visitor's message (bot, limits, the owner's key), opens or resumes the conversation,
 * and answers it as a stream in the background (answerTurn.ts); answers the owner's test messages
 * from the bot's page the same way (issue 20); reads a conversation back for a reload; counts active conversations; runs the sweep (of chats, and of calls past their agent's
 * Keep history). Conversations are always looked up with
 * their bot's id, so one bot's conversation id never reaches another bot's conversation.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ChatConversationResponse, ChatSource } from '../../shared/types/chat.js';
import type { WebchatLead } from '../../shared/types/lead.js';
import { AppError, notFound } from '../core/AppError.js';
import type { Clock } from '../core/types.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import {
  activeSince,
  type ConversationRecord,
  findConversation,
  insertConversation,
  newConversationId,
  touchConversation,
} from '../db/chatConversations.js';
import { type ChatExpiry, type ChatKeeping, chatExpiry, keepingOf } from '../db/chatExpiry.js';
import { keptMessages } from '../db/chatMessages.js';
import { reexpireWebchatChats } from '../db/chatSweep.js';
import type { Database } from '../db/schema.js';
import { readSources } from '../db/storedSources.js';
import { conversationHasLead, insertLead, toWireLead } from '../db/webchatLeads.js';
import { findPublicWebchatRow, type WebchatRecord } from '../db/webchats.js';
import type { ChatCompletionsClient } from '../llm/ChatCompletionsClient.js';
import type { McpClient } from '../mcp/McpClient.js';
import type { ConnectionRegistry } from '../realtime/ConnectionRegistry.js';
import type { Sandbox } from '../sandbox/types.js';
import { findOpenaiForUser } from '../settings/openaiForUser.js';
import { readLeadCapture } from '../webchats/parseLeadCapture.js';
import type { WebchatPreview } from '../webchats/previewWebchat.js';
import { WEBCHAT_NOT_FOUND } from '../webchats/webchatTexts.js';
import { answerTurn } from './answerTurn.js';
import { ChatActivity } from './ChatActivity.js';
import { ChatLimits } from './ChatLimits.js';
import { ChatTakeover } from './ChatTakeover.js';
import { ConversationEvents } from './ConversationEvents.js';
import { ConversationSweeper, type SweepResult } from './ConversationSweeper.js';
import type { ChatConfig } from './chatConfig.js';
import { SERVER_SHUTDOWN } from './chatFailure.js';
import { retainedSince } from './loadTurnContext.js';
import type { ChatSendInput } from './parseChatSend.js';
import { checkLeadFields, type LeadSubmitInput } from './parseLeadSubmit.js';
import { SseStream } from './SseStream.js';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const CHAT_UNAVAILABLE = 'This chat is not available right now';
export const NO_LEAD_CAPTURE = 'This chat takes no contact details';
export const LEAD_ALREADY_SENT = 'Your contact details were already sent in this conversation';
export const NO_OPENAI_KEY_FOR_TEST = 'Add your OpenAI API key in Settings to chat with your bot';

export interface SubmittedLead {
  bot: WebchatRecord;
  lead: WebchatLead;
}

export interface ChatEngineDeps {
  db: Kysely<Database>;
  config: { chat: ChatConfig; openaiBaseUrl: string };
  clock: Clock;
  secretBox: SecretBox;
  sandbox: Sandbox;
  /** Calls MCP tools (issue 22). */
  mcp: McpClient;
  realtime: Pick<ConnectionRegistry, 'sendToUser'>;
  log: FastifyBaseLogger;
}

export class ChatEngine {
  readonly limits: ChatLimits;
  readonly activity: ChatActivity;
  /** Visitors' events streams (issue 23). */
  readonly events: ConversationEvents;
  /** Operators taking conversations over, visitors asking for a person (issue 23). */
  readonly takeover: ChatTakeover;
  readonly #deps: ChatEngineDeps;
  readonly #expiry: ChatExpiry;
  readonly #sweeper: ConversationSweeper;
  readonly #shutdown = new AbortController();
  readonly #answers = new Set<Promise<void>>();

  constructor(deps: ChatEngineDeps) {
    const { db, clock, config, log } = deps;
    this.#deps = deps;
    this.#expiry = chatExpiry(config.chat.sweepIntervalMs);
    this.limits = new ChatLimits(config.chat);
    this.activity = new ChatActivity({ db, clock, realtime: deps.realtime });
    this.events = new ConversationEvents(config.chat);
    this.takeover = new ChatTakeover({
      db,
      clock,
      expiry: this.#expiry,
      events: this.events,
      realtime: deps.realtime,
      log,
    });
    this.#sweeper = new ConversationSweeper({
      db,
      clock,
      activity: this.activity,
      log,
      intervalMs: config.chat.sweepIntervalMs,
    });
    this.#sweeper.start();
  }

  /**
   * Admits a visitor message to the bot and starts answering it; resolves with the answer's
   * event stream (its `start` already written). Throws the AppError to answer instead: 404 for
   * an unknown or inactive bot, 429 past a limit, 503 when the owner has no OpenAI key.
   * `address` is the visitor's key for the per-visitor limits (the route says what it is).
   */
  async send(webchatId: string, input: ChatSendInput, address: string): Promise<Readable> {
    const bot = await findPublicWebchatRow(this.#deps.db, webchatId);
    if (bot?.enabled !== 1) throw notFound(WEBCHAT_NOT_FOUND);
    return this.#admit({ bot, input, address, test: false });
  }

  /**
   * The owner's test message from the bot's page (issue 20), answered exactly like a visitor's:
   * `preview` is the bot with the page's unsaved settings (webchats/previewWebchat.ts). The
   * conversation is marked as a test, which the bot's active counts leave out, and only a test
   * conversation continues one. A disabled bot answers too: it is tried before it is turned on.
   * The owner counts against the bot's limits as one visitor. Without an OpenAI key: a 400 that
   * says where to add it (the owner can, a visitor cannot).
   */
  async sendTest(preview: WebchatPreview, input: ChatSendInput): Promise<Readable> {
    const { bot, toolIds } = preview;
    return this.#admit({ bot, input, address: `owner:${bot.user_id}`, test: true, toolIds });
  }

  async #admit(turn: {
    bot: WebchatRecord;
    input: ChatSendInput;
    address: string;
    test: boolean;
    toolIds?: string[] | undefined;
  }): Promise<Readable> {
    const { clock, config } = this.#deps;
    const { bot, input, address, test } = turn;
    const at = clock();
    const arrivedAt = performance.now();
    this.limits.countMessage(address, bot.id, at);
    const client = await this.#ownerClient(bot, test);
    const release = this.limits.openStream({ address, webchatId: bot.id, ownerId: bot.user_id });
    try {
      const conversation = await this.#openConversation(bot, input.conversationId, at, test);
      const stream = new SseStream(config.chat.heartbeatMs);
      const question = { id: randomUUID(), text: input.text, at };
      stream.send('start', { conversationId: conversation.id, userMessageId: question.id });
      if (conversation.heldBy !== null) {
        // An operator holds it (issue 23): the bot stays silent; the message is kept and shown to them.
        const kept = this.takeover.keepUnanswered(bot, conversation.id, question, stream).finally(() => {
          release();
          stream.end();
          this.#answers.delete(kept);
        });
        this.#answers.add(kept);
        return stream.body;
      }
      const job = {
        bot,
        client,
        conversationId: conversation.id,
        isNew: conversation.isNew,
        question,
        arrivedAt,
        stream,
        ...(turn.toolIds ? { toolIds: turn.toolIds } : {}),
      };
      const answer = answerTurn({ ...this.#deps, expiry: this.#expiry, shutdown: this.#shutdown.signal }, job)
        // answerTurn answers every failure itself; this only keeps a bug in it from becoming an unhandled rejection.
        .catch((error: unknown) =>
          this.#deps.log.error({ err: error, webchatId: bot.id }, 'a chat answer failed unexpectedly'),
        )
        .finally(() => {
          release();
          stream.end();
          this.#answers.delete(answer);
        });
      this.#answers.add(answer);
      if (conversation.becameActive && !test) this.#report(bot);
      return stream.body;
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * A conversation of the bot as a reload shows it: visitor and bot texts within the bot's memory,
   * oldest first. One no longer open (db/chatExpiry.ts) is gone for the visitor, even while the
   * bot's history still keeps it for the owner.
   */
  async conversation(webchatId: string, conversationId: string): Promise<ChatConversationResponse> {
    const { db, clock, config } = this.#deps;
    const bot = await findPublicWebchatRow(db, webchatId);
    if (bot?.enabled !== 1) throw notFound(WEBCHAT_NOT_FOUND);
    const now = clock();
    const found = await findConversation(db, bot.id, conversationId);
    // The owner's test chats are not a visitor's to read back.
    if (!found || found.test === 1 || !this.#isOpen(found, bot, now)) throw notFound(CONVERSATION_NOT_FOUND);
    const since = retainedSince(bot, now);
    const messages =
      since === Number.POSITIVE_INFINITY ? [] : await keptMessages(db, found.id, since, config.chat.keptMessagesShown);
    return {
      conversationId: found.id,
      messages: messages.map((m) => ({
        id: m.id,
        role: m.role,
        text: m.text,
        createdAt: Number(m.created_at),
        ...(m.operator_name ? { operatorName: m.operator_name } : {}),
        ...(m.rating ? { rating: m.rating } : {}),
        ...sourcesField(readSources(m.sources)),
      })),
      ...(found.operator_name ? { operatorName: found.operator_name } : {}),
      leadSent: await conversationHasLead(db, found.id),
    };
  }

  /**
   * The visitor's conversation, open, for their events stream or their request for a person
   * (issue 23): a 404 like a reload's for anything else.
   */
  async visitorConversation(
    webchatId: string,
    conversationId: string,
  ): Promise<{ bot: WebchatRecord; conversation: ConversationRecord }> {
    const { db, clock } = this.#deps;
    const bot = await findPublicWebchatRow(db, webchatId);
    if (bot?.enabled !== 1) throw notFound(WEBCHAT_NOT_FOUND);
    const found = await findConversation(db, bot.id, conversationId);
    if (!found || found.test === 1 || !this.#isOpen(found, bot, clock())) throw notFound(CONVERSATION_NOT_FOUND);
    return { bot, conversation: found };
  }

  /**
   * A visitor's contact form (issue 25), stored with its conversation: the one named (of this bot,
   * open, a visitor's), or a new one when sent before the first message. Counts as a message
   * against the visitor's limits. 404 for an unknown or inactive bot, a bot without lead capture,
   * or a conversation not of this bot; 409 when the conversation's form was already sent.
   */
  async submitLead(webchatId: string, input: LeadSubmitInput, address: string): Promise<SubmittedLead> {
    const { db, clock } = this.#deps;
    const bot = await findPublicWebchatRow(db, webchatId);
    if (bot?.enabled !== 1) throw notFound(WEBCHAT_NOT_FOUND);
    const form = readLeadCapture(bot.lead_capture);
    if (!form.enabled) throw notFound(NO_LEAD_CAPTURE);
    const fields = checkLeadFields(form, input.fields);
    const at = clock();
    this.limits.countMessage(address, bot.id, at);
    if (input.conversationId !== null) {
      const found = await findConversation(db, bot.id, input.conversationId);
      if (!found || found.test === 1 || !this.#isOpen(found, bot, at)) throw notFound(CONVERSATION_NOT_FOUND);
    }
    const conversation = await this.#openConversation(bot, input.conversationId, at, false);
    const lead = {
      id: randomUUID(),
      user_id: bot.user_id,
      webchat_id: bot.id,
      conversation_id: conversation.id,
      fields: JSON.stringify(fields),
      created_at: at,
    };
    if (!(await insertLead(db, lead))) throw new AppError('conflict', LEAD_ALREADY_SENT);
    if (conversation.becameActive) this.#report(bot);
    return { bot, lead: toWireLead(lead) };
  }

  /** A bot's memory or Keep history changed (in the caller's transaction): its chats expire by the new settings. */
  keepingChanged(db: Kysely<Database>, webchatId: string, keeping: ChatKeeping): Promise<void> {
    return reexpireWebchatChats(db, webchatId, keeping, this.#expiry);
  }

  sweep(): Promise<SweepResult> {
    return this.#sweeper.sweep();
  }

  /** Answers being written now (of this instance). */
  get answering(): number {
    return this.#answers.size;
  }

  /** Server shutdown: stops the sweep, ends every answer with a retryable error, waits for them. */
  async close(): Promise<void> {
    this.#shutdown.abort(SERVER_SHUTDOWN);
    this.events.closeAll();
    await this.#sweeper.stop();
    await Promise.all([...this.#answers]);
  }

  async #ownerClient(bot: WebchatRecord, test: boolean): Promise<ChatCompletionsClient> {
    const client = await findOpenaiForUser(this.#deps, bot.user_id);
    if (client) return client;
    if (test) throw new AppError('missing_credentials', NO_OPENAI_KEY_FOR_TEST);
    // For the operator: visitors only learn that the chat is unavailable.
    this.#deps.log.warn(
      { webchatId: bot.id, userId: bot.user_id },
      'a visitor message was refused: the bot owner has no OpenAI API key',
    );
    throw new AppError('bot_unavailable', CHAT_UNAVAILABLE);
  }

  /** The bot's conversation `requestedId` (of the same kind) if it still exists, touched; else a new one. */
  async #openConversation(
    bot: WebchatRecord,
    requestedId: string | null,
    at: number,
    test: boolean,
  ): Promise<{ id: string; isNew: boolean; becameActive: boolean; heldBy: string | null }> {
    const { db } = this.#deps;
    const expiresAt = this.#expiry.conversationExpiresAt(at, keepingOf(bot));
    const found = requestedId === null ? undefined : await findConversation(db, bot.id, requestedId);
    // One no longer open (or expired, not yet swept) is as gone as a swept one: a new one starts.
    if (found && found.test === (test ? 1 : 0) && this.#isOpen(found, bot, at)) {
      await touchConversation(db, found.id, at, expiresAt);
      return {
        id: found.id,
        isNew: false,
        becameActive: Number(found.last_message_at) < activeSince(at),
        heldBy: found.operator_id,
      };
    }
    const id = newConversationId();
    await insertConversation(db, { id, user_id: bot.user_id, webchat_id: bot.id, at, expires_at: expiresAt, test });
    return { id, isNew: true, becameActive: true, heldBy: null };
  }

  #isOpen(conversation: ConversationRecord, bot: WebchatRecord, at: number): boolean {
    return (
      Number(conversation.expires_at) > at &&
      this.#expiry.isOpen(Number(conversation.last_message_at), bot.short_term_messages_retention_period, at)
    );
  }

  #report(bot: WebchatRecord): void {
    this.activity.report([{ webchatId: bot.id, userId: bot.user_id }]).catch((error: unknown) => {
      this.#deps.log.error({ err: error, webchatId: bot.id }, 'could not report the active conversations of a bot');
    });
  }
}

/** Left out when none, like the other optional fields of a kept message. */
function sourcesField(sources: ChatSource[]): { sources?: ChatSource[] } {
  return sources.length > 0 ? { sources } : {};
}
