/**
 * What the model reads for one question (issue 9; README "Live chat"): the bot's system prompt
 * with the owner's `{{NAME}}` values filled in, then the bot's knowledge (its summary and the
 * passages of its selected pages that match the question, each numbered [1], [2], … with its
 * title and address, and the request to cite those numbers: issue 24), then the kept conversation
 * within its budget, then the question. The numbers are mapped back by chat/citations.ts.
 */
import { substituteValues } from '../../shared/template.js';
import type { KeptMessage } from '../db/chatMessages.js';
import type { KnowledgePassage } from '../db/knowledge.js';
import type { ChatMessage } from '../llm/chatTypes.js';

export interface PromptKnowledge {
  siteUrl: string;
  summary: string;
  passages: KnowledgePassage[];
}

export interface PromptParts {
  systemPrompt: string;
  values: Readonly<Record<string, string>>;
  knowledge: PromptKnowledge;
  /** The kept conversation, oldest first. */
  history: KeptMessage[];
  question: string;
  /** Characters of the summary sent at most. */
  summaryChars: number;
  /** Characters of the kept conversation sent at most, newest messages first. */
  historyChars: number;
  /** Lines the server adds after the owner's prompt (lead capture's "contact details received"). */
  notes?: string[];
}

/** Said after the numbered passages; the numbers must stay the passages' order (citations.ts maps them back). */
export const CITE_REQUEST =
  'When your answer uses a passage, cite its number in square brackets right after what it supports, like [1] or [1][3]. Cite only the numbers above; cite nothing when you used none.';

function sourceLine(passage: KnowledgePassage): string {
  const title = passage.title.trim();
  if (passage.url === '') return title || 'a document';
  return title ? `${title} (${passage.url})` : passage.url;
}

/** The knowledge block of the system message; '' when the bot has no knowledge or none matched. */
export function knowledgeBlock({ siteUrl, summary, passages }: PromptKnowledge, summaryChars: number): string {
  const parts: string[] = [];
  const kept = summary.trim().slice(0, summaryChars);
  if (kept) parts.push(`Summary of the website:\n${kept}`);
  if (passages.length > 0) {
    const numbered = passages.map((p, i) => `[${i + 1}] Source: ${sourceLine(p)}\n${p.text}`);
    parts.push(`Passages that may answer the question:\n\n${numbered.join('\n\n')}\n\n${CITE_REQUEST}`);
  }
  if (parts.length === 0) return '';
  const site = siteUrl.trim() ? ` (${siteUrl.trim()})` : '';
  return `Knowledge from the website${site}. Use it to answer questions about the website and what it offers.\n\n${parts.join('\n\n')}`;
}

/**
 * The newest messages whose texts fit in `maxChars` together, oldest first, starting with a
 * visitor message (an answer whose question has expired means little on its own).
 */
export function historyWithinBudget(history: readonly KeptMessage[], maxChars: number): KeptMessage[] {
  const kept: KeptMessage[] = [];
  let budget = maxChars;
  for (const message of history.toReversed()) {
    if (message.text.length > budget) break;
    budget -= message.text.length;
    kept.unshift(message);
  }
  while (kept.length > 0 && kept[0]?.role !== 'user') kept.shift();
  return kept;
}

export function chatMessages(parts: PromptParts): ChatMessage[] {
  const system = [
    substituteValues(parts.systemPrompt, parts.values).trim(),
    knowledgeBlock(parts.knowledge, parts.summaryChars),
    ...(parts.notes ?? []),
  ]
    .filter(Boolean)
    .join('\n\n');
  return [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...historyWithinBudget(parts.history, parts.historyChars).map((message) => ({
      role: message.role,
      content: message.text,
    })),
    { role: 'user', content: parts.question },
  ];
}
