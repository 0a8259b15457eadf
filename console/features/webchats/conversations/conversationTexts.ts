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
  keepsNothing: `This bot keeps no messages: its short-term retention is 0 seconds. Conversations are listed with when they happened and how many messages they had, for ${CHAT_LIMITS.activeWindowMs / 60_000} minutes after their last message, but what was said is not stored.`,
  keeps: (seconds: number) =>
    `This bot keeps messages for ${retentionText(seconds)} (its short-term retention), then deletes them; a conversation goes once it has had no message for that long. Change it on the Bot Behaviour tab.`,
  columns: { started: 'Started', lastMessage: 'Last message', messages: 'Messages', firstQuestion: 'First question' },
  notKept: 'Not kept',
  active: 'Active',
  openConversation: 'open conversation',
  exportLabel: 'Export conversations',
  nouns: { one: 'conversation', many: 'conversations' },

  back: 'Back to conversations',
  detailHeading: 'Conversation',
  loadingDetail: 'Loading conversation...',
  detailFailed: 'Failed to load the conversation',
  notFound: 'Conversation not found: it may have been deleted when the bot’s retention period passed.',
  exchange: 'Messages',
  noMessages: 'No messages of this conversation are kept.',
  visitor: 'Visitor',
  bot: 'Bot',
  tool: (name: string, failed: boolean) => `Tool: ${name}${failed ? ' (failed)' : ''}`,
  toolCallAt: (time: string, failed: boolean) => `Tool call at ${time}${failed ? ', failed' : ''}`,
} as const;
