/** The bot page's address of one conversation (issue 11): the Conversations tab with it open. */
export const CONVERSATIONS_TAB = 'conversations';
export const CONVERSATION_PARAM = 'conversation';

export function conversationSearch(id?: string): string {
  const params = new URLSearchParams({ tab: CONVERSATIONS_TAB });
  if (id) params.set(CONVERSATION_PARAM, id);
  return `?${params}`;
}
