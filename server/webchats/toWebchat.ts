/** Wire shapes of a stored bot: the owner's full view and the widget's public one. */
import { DEFAULT_APPEARANCE, WEBCHAT_DEFAULTS } from '../../shared/defaults.js';
import type { WebchatKnowledge } from '../../shared/types/knowledge.js';
import type { PublicWebchatConfig, Webchat } from '../../shared/types/webchat.js';
import type { KnowledgeInput } from '../db/knowledge.js';
import type { WebchatColumns, WebchatRecord, WebchatWithTools } from '../db/webchats.js';
import { readStoredAppearance } from './parseAppearance.js';
import { readLeadCapture } from './parseLeadCapture.js';

/** Every column of a new bot that the create body left out (spec part 2 §3, §9). */
export const NEW_WEBCHAT_COLUMNS: Omit<WebchatColumns, 'name' | 'description'> = {
  system_prompt: WEBCHAT_DEFAULTS.systemPrompt,
  welcome_message: WEBCHAT_DEFAULTS.welcomeMessage,
  model: WEBCHAT_DEFAULTS.model,
  temperature: WEBCHAT_DEFAULTS.temperature,
  enabled: WEBCHAT_DEFAULTS.enabled ? 1 : 0,
  tool_recursion_depth: WEBCHAT_DEFAULTS.toolRecursionDepth,
  short_term_messages_retention_period: WEBCHAT_DEFAULTS.shortTermMessagesRetentionPeriod,
  keep_history_days: WEBCHAT_DEFAULTS.keepHistoryDays,
  appearance: JSON.stringify(DEFAULT_APPEARANCE),
  allowed_sites: '[]',
  starter_questions: '[]',
  talk_to_person: 0,
  lead_capture: '{}',
};

/** A stored list of texts (allowed sites, migration 025; starter questions, 026); anything unreadable reads as none. */
export function readStoredList(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((site): site is string => typeof site === 'string') : [];
  } catch {
    return [];
  }
}

/** The knowledge base on the wire (snake_case like the bot). */
export function toWireKnowledge({ siteUrl, pages, summary }: KnowledgeInput): WebchatKnowledge {
  return {
    site_url: siteUrl,
    pages: pages.map(({ url, text, selected, title, fileName, gone }) =>
      fileName === undefined
        ? { url, text, selected, ...(title ? { title } : {}), ...(gone ? { gone } : {}) }
        : { url, text, selected, source_kind: 'document' as const, file_name: fileName },
    ),
    summary,
  };
}

/**
 * The owner's view (spec part 2 §3), snake_case as on the wire; with `knowledge` for one bot, never
 * in the list. `activeConversations` is the bot's count of active visitor conversations.
 */
export function toWebchat(
  { row, toolIds }: WebchatWithTools,
  knowledge?: KnowledgeInput,
  activeConversations = 0,
): Webchat {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    system_prompt: row.system_prompt,
    welcome_message: row.welcome_message,
    model: row.model,
    temperature: row.temperature,
    enabled: row.enabled === 1,
    tool_recursion_depth: row.tool_recursion_depth,
    short_term_messages_retention_period: row.short_term_messages_retention_period,
    keep_history_days: row.keep_history_days,
    tools: toolIds,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    appearance: readStoredAppearance(row.appearance),
    allowed_sites: readStoredList(row.allowed_sites),
    starter_questions: readStoredList(row.starter_questions),
    talk_to_person: row.talk_to_person === 1,
    lead_capture: readLeadCapture(row.lead_capture),
    active_conversations: activeConversations,
    ...(knowledge ? { knowledge: toWireKnowledge(knowledge) } : {}),
  };
}

/** What a customer's page may learn about a bot: never its prompt, tools, model or owner. */
export function toPublicWebchatConfig(row: WebchatRecord): PublicWebchatConfig {
  const appearance = readStoredAppearance(row.appearance);
  return {
    id: row.id,
    name: row.name,
    title: appearance.chat_title,
    welcomeMessage: row.welcome_message,
    starterQuestions: readStoredList(row.starter_questions),
    talkToPerson: row.talk_to_person === 1,
    leadCapture: publicLeadCapture(row.lead_capture),
    appearance,
    enabled: row.enabled === 1,
  };
}

/** The form a visitor is shown; null while lead capture is off. */
function publicLeadCapture(stored: string) {
  const form = readLeadCapture(stored);
  return form.enabled ? form : null;
}
