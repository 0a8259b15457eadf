/**
 * Everything one answer reads from the database before the model is asked (README "Live chat"):
 * the owner's custom values, the bot's knowledge summary and the passages of its selected pages
 * that best match the question (full-text search within a character budget), the conversation
 * kept within the bot's retention, and the bot's tools (a test chat's unsaved list, issue 20).
 */
import type { Kysely } from 'kysely';
import { keptMessages } from '../db/chatMessages.js';
import { customValuesMap } from '../db/customValues.js';
import { type KnowledgePassage, loadKnowledgeSummary, searchKnowledge } from '../db/knowledge.js';
import { findOfferedTools, type OfferedTool } from '../db/offeredTools.js';
import type { Database } from '../db/schema.js';
import { conversationHasLead } from '../db/webchatLeads.js';
import { findWebchatTools, type WebchatRecord } from '../db/webchats.js';
import type { ChatMessage } from '../llm/chatTypes.js';
import { readLeadCapture } from '../webchats/parseLeadCapture.js';
import type { ChatConfig } from './chatConfig.js';
import { chatMessages } from './chatPrompt.js';
import { CONTACT_RECEIVED_NOTE } from './requestContact.js';

export interface TurnContextInput {
  bot: WebchatRecord;
  conversationId: string;
  /** A conversation started by this message has nothing kept yet. */
  isNew: boolean;
  question: string;
  /** When the question arrived. */
  at: number;
  /** A test chat's unsaved tool list (the owner's tools, in order); undefined reads the bot's saved one. */
  toolIds?: string[];
}

export interface TurnContext {
  messages: ChatMessage[];
  tools: OfferedTool[];
  /** request_contact is offered (issue 25): lead capture asks the model, and the form is not sent yet. */
  offerContact: boolean;
  /** The passages given, in the order the prompt numbers them (citations, issue 24). */
  passages: KnowledgePassage[];
}

/** Messages written at or after this are within the bot's retention at `at` (none with retention 0). */
export function retainedSince(bot: Pick<WebchatRecord, 'short_term_messages_retention_period'>, at: number): number {
  const retentionMs = bot.short_term_messages_retention_period * 1000;
  return retentionMs > 0 ? at - retentionMs : Number.POSITIVE_INFINITY;
}

export async function loadTurnContext(
  db: Kysely<Database>,
  config: ChatConfig,
  input: TurnContextInput,
): Promise<TurnContext> {
  const { bot } = input;
  const since = retainedSince(bot, input.at);
  const values = await customValuesMap(db, bot.user_id);
  const { siteUrl, summary } = await loadKnowledgeSummary(db, bot.id);
  const passages = await searchKnowledge(db, bot.id, input.question, { maxChars: config.knowledgeChars });
  const history =
    input.isNew || since === Number.POSITIVE_INFINITY
      ? []
      : await keptMessages(db, input.conversationId, since, config.historyMessages);
  const tools = input.toolIds
    ? await findOfferedTools(db, bot.user_id, input.toolIds)
    : await findWebchatTools(db, bot.user_id, bot.id);
  const form = readLeadCapture(bot.lead_capture);
  const leadSent = form.enabled && !input.isNew && (await conversationHasLead(db, input.conversationId));
  const messages = chatMessages({
    systemPrompt: bot.system_prompt,
    values,
    knowledge: { siteUrl, summary, passages },
    history,
    question: input.question,
    summaryChars: config.summaryChars,
    historyChars: config.historyChars,
    notes: leadSent ? [CONTACT_RECEIVED_NOTE] : [],
  });
  return { messages, tools, offerContact: form.enabled && form.when === 'on_request' && !leadSent, passages };
}
