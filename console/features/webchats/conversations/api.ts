/**
 * A bot's conversations (issue 11): key factory and SWR hooks. Keys carry the effective user, so
 * impersonation never shows another user's conversations.
 */
import useSWR from 'swr';
import { isApiError } from '../../../../shared/api/index.js';
import type { ConversationDetail, ConversationsPage } from '../../../../shared/types/history.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { callOrThrow } from '../../../lib/errors.js';
import { useEffectiveUserId } from '../../../lib/session/useAuth.js';
import { CONVERSATION_TEXTS } from './conversationTexts.js';

type UserId = string | null;

export interface ConversationsListQuery {
  limit: number;
  offset: number;
  order: 'desc' | 'asc';
}

export const DEFAULT_CONVERSATIONS_QUERY: ConversationsListQuery = { limit: 10, offset: 0, order: 'desc' };

export const conversationKeys = {
  list: (userId: UserId, webchatId: string, q: ConversationsListQuery) =>
    userId ? (['webchat-conversations', userId, webchatId, q.limit, q.offset, q.order] as const) : null,
  detail: (userId: UserId, webchatId: string, id: string) =>
    userId && id ? (['webchat-conversation', userId, webchatId, id] as const) : null,
};

export function useConversations(webchatId: string, query: ConversationsListQuery) {
  const api = useApi();
  return useSWR(
    conversationKeys.list(useEffectiveUserId(), webchatId, query),
    async (): Promise<ConversationsPage> => {
      const page = await callOrThrow(() => api.history.conversations(webchatId, query), CONVERSATION_TEXTS.loadFailed);
      if (!Array.isArray(page?.conversations)) throw new Error(CONVERSATION_TEXTS.loadFailed);
      return page;
    },
    // The previous page stays on screen while the next one loads, as in the Ended table.
    { keepPreviousData: true, revalidateOnMount: true, dedupingInterval: 0 },
  );
}

/** One conversation; null when the server has none by that id (deleted, or another bot's). */
export function useConversation(webchatId: string, id: string) {
  const api = useApi();
  return useSWR(
    conversationKeys.detail(useEffectiveUserId(), webchatId, id),
    async (): Promise<ConversationDetail | null> => {
      try {
        const detail = await api.history.conversation(webchatId, id);
        return Array.isArray(detail?.messages) ? detail : null;
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw new Error(CONVERSATION_TEXTS.detailFailed, { cause: error });
      }
    },
    { revalidateOnFocus: false },
  );
}
