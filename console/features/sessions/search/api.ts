/**
 * The history search's data (issue 11): the results of the search in the address, and the
 * user's bots for the agent-or-bot filter (our own key: the web chats feature's cache is not ours).
 */
import useSWR from 'swr';
import type { HistorySearchPage, HistorySearchQuery } from '../../../../shared/types/history.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { callOrThrow } from '../../../lib/errors.js';
import { useEffectiveUserId } from '../../../lib/session/useAuth.js';
import { SEARCH_TEXTS } from './searchTexts.js';

export const searchKeys = {
  results: (userId: string | null, query: HistorySearchQuery | null) =>
    userId && query ? (['history-search', userId, JSON.stringify(query)] as const) : null,
  bots: (userId: string | null) => (userId ? (['sessions-bots', userId] as const) : null),
};

export function useHistorySearch(query: HistorySearchQuery | null) {
  const api = useApi();
  return useSWR(
    searchKeys.results(useEffectiveUserId(), query),
    async (): Promise<HistorySearchPage> => {
      const page = await callOrThrow(() => api.history.search(query ?? {}), SEARCH_TEXTS.failed);
      if (!Array.isArray(page?.results)) throw new Error(SEARCH_TEXTS.failed);
      return page;
    },
    // The previous page stays while the next loads; a result list does not refresh on focus.
    { keepPreviousData: true, revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

export interface BotName {
  id: string;
  name: string;
}

/** The user's bots by name; a failure leaves the filter with agents only. */
export function useBotNames() {
  const api = useApi();
  return useSWR(
    searchKeys.bots(useEffectiveUserId()),
    async (): Promise<BotName[]> => {
      const bots: unknown = await api.webchats.list().catch(() => []);
      return Array.isArray(bots) ? (bots as BotName[]).map(({ id, name }) => ({ id, name })) : [];
    },
    { revalidateOnFocus: false },
  );
}
