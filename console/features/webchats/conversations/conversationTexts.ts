/** Texts of the bot page's Conversations tab (issue 11; not in the spec). */
import { CHAT_LIMITS } from '../../../../shared/types/chat.js';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A retention in words: '45 seconds', '10 minutes', '2 hours 30 minutes', '3 days'. */
export function retentionText(seconds: number): string {
  const units: Array<[number, string]> = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const parts: string[] = [];
  let left = Math.max(0, Math.floor(seconds));
  for (const [size, name] of units) {
    if (left >= size && parts.length < 2) {
      parts.push(plural(Math.floor(left / size), name));
      left %= size;
    } else if (parts.length > 0) break;
  }
  return parts.join(' ') || '0 seconds';
}

export const CONVERSATION_TEXTS = {
  tab: 'Conversations',
  heading: 'Conversations',
  refresh: 'Refresh conversations',
  newestFirst: 'Newest first',
  oldestFirst: 'Oldest first',
  loading: 'Loading conversations...',
  loadFailed: 'Failed to load conversations',
  empty: 'No conversations yet',
  emptyHint: 'When visitors chat with this bot on your website, their conversations appear here, newest first.',
  /** What the bot's Keep history keeps (issue 18); with Don't keep, what its memory still holds for a while. */
  keptHistory: (days: number | null, retentionSeconds: number) => {
    const change = 'Change it with Keep history on the Bot Behaviour tab.';
    if (days === null)
      return `History is kept forever: conversations stay here, in search and in exports until the bot is deleted. ${change}`;
    if (days > 0)
      return `History is kept for ${days} days: a conversation is deleted with its messages ${days} days after its last message. ${change}`;
    const ends = retentionText(Math.max(retentionSeconds, CHAT_LIMITS.activeWindowMs / 1000));
    const texts =
      retentionSeconds === 0
        ? 'What visitors write is never stored (the short-term retention is 0).'
        : `Messages are deleted once the bot’s short-term retention (${retentionText(retentionSeconds)}) has passed.`;
    return `History is not kept: a conversation is deleted with its messages once it ends, ${ends} after its last message. ${texts} ${change}`;
  },
  columns: { started: 'Started', lastMessage: 'Last message', messages: 'Messages', firstQuestion: 'First question' },
  notKept: 'Not kept',
  active: 'Active',
  /** The owner's test chat from the bot page (issue 20). */
  test: 'Test',
  testHint: 'A test chat from the bot page, not a visitor’s conversation',
  openConversation: 'open conversation',
  exportLabel: 'Export conversations',
  nouns: { one: 'conversation', many: 'conversations' },

  back: 'Back to conversations',
  detailHeading: 'Conversation',
  loadingDetail: 'Loading conversation...',
  detailFailed: 'Failed to load the conversation',
  notFound: 'Conversation not found: it may have been deleted when the bot’s Keep history period passed.',
  exchange: 'Messages',
  noMessages: 'No messages of this conversation are kept.',
  visitor: 'Visitor',
  bot: 'Bot',
  /** Issue 24: what an answer cited. */
  sources: 'Sources:',
  tool: (name: string, failed: boolean) => `Tool: ${name}${failed ? ' (failed)' : ''}`,
  toolCallAt: (time: string, failed: boolean) => `Tool call at ${time}${failed ? ', failed' : ''}`,
} as const;

/** An answer's figures and the conversation's totals (issue 21). */
export const ANSWER_FIGURES_TEXTS = {
  firstToken: 'First token',
  tokens: 'Tokens',
  tokenCounts: (input: string, cached: string, output: string) => `${input} in (${cached} cached), ${output} out`,
  cost: 'Cost',
  model: 'Model',
  /** The conversation header's totals. */
  totalTokens: 'Tokens (in / cached / out)',
  totalCost: 'Cost',
  medianFirstToken: 'First token (median)',
  /** How many kept answers the totals add up. */
  measuredAnswers: 'Measured answers',
} as const;
