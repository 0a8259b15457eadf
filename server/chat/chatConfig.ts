/**
 * Limits and budgets of the live chat (issues 9 and 18; README "Live chat"). The first six come
 * from the environment (server/config.ts, CHAT_*); the rest are fixed here and tests may override them.
 */
export interface ChatConfig {
  /** CHAT_VISITOR_MESSAGES_PER_MINUTE: messages one visitor address may send, to all bots together. */
  visitorMessagesPerMinute: number;
  /** CHAT_BOT_MESSAGES_PER_MINUTE: messages one bot takes from all visitors together. */
  botMessagesPerMinute: number;
  /** CHAT_STREAMS_PER_BOT: answers of one bot being written at once. */
  streamsPerBot: number;
  /** CHAT_STREAMS_TOTAL: answers of all bots being written at once on this server (one owner gets a share, StreamSlots.ts). */
  streamsTotal: number;
  /** CHAT_STREAMS_PER_VISITOR: answers being written at once for one visitor address, all bots together. */
  streamsPerVisitor: number;
  /** CHAT_TURN_TIMEOUT_MS: one answer, tool calls and model rounds included. */
  turnTimeoutMs: number;
  /** The window the two message rates count in. */
  rateWindowMs: number;
  /** Tokens the model may write in one request (each model round of an answer): bounds what a visitor spends of the owner's key. */
  maxAnswerTokens: number;
  /** A `: keep-alive` comment on a quiet stream this often, so proxies keep it open. */
  heartbeatMs: number;
  /** How often expired messages and conversations are deleted and inactive ones reported. */
  sweepIntervalMs: number;
  /** Characters of the bot's summary sent with a question. */
  summaryChars: number;
  /** Characters of knowledge passages sent with a question, all passages together. */
  knowledgeChars: number;
  /** Characters of the kept conversation sent with a question, newest messages first. */
  historyChars: number;
  /** Messages of the kept conversation sent with a question at most. */
  historyMessages: number;
  /** Messages a reloaded widget gets back at most (the newest). */
  keptMessagesShown: number;
  /** Request body of one visitor message: room for the longest message even with every character escaped. */
  bodyLimitBytes: number;
  /** Events streams (issue 23) open at once for one conversation: a few tabs of one visitor. */
  eventStreamsPerConversation: number;
  /** …for one visitor address, all conversations together. */
  eventStreamsPerVisitor: number;
  /** …on this server. */
  eventStreamsTotal: number;
}

export const CHAT_DEFAULTS: ChatConfig = {
  visitorMessagesPerMinute: 20,
  botMessagesPerMinute: 300,
  streamsPerBot: 20,
  streamsTotal: 200,
  streamsPerVisitor: 2,
  turnTimeoutMs: 120_000,
  rateWindowMs: 60_000,
  maxAnswerTokens: 1_000,
  heartbeatMs: 15_000,
  sweepIntervalMs: 60_000,
  summaryChars: 4_000,
  knowledgeChars: 6_000,
  historyChars: 12_000,
  historyMessages: 40,
  keptMessagesShown: 200,
  bodyLimitBytes: 32 * 1024,
  eventStreamsPerConversation: 3,
  eventStreamsPerVisitor: 6,
  eventStreamsTotal: 5_000,
};
