/**
 * A bot's leads (issue 25): key factory and SWR hook. Keys carry the effective user, so
 * impersonation never shows another user's leads.
 */
import useSWR from 'swr';
import type { WebchatLeadsPage } from '../../../../shared/types/lead.js';
import { useApi } from '../../../lib/ApiProvider.js';
import { callOrThrow } from '../../../lib/errors.js';
import { useEffectiveUserId } from '../../../lib/session/useAuth.js';
import { LEAD_TEXTS } from './leadTexts.js';

export const leadKeys = {
  page: (userId: string | null, webchatId: string, page: number) =>
    userId ? (['webchat-leads', userId, webchatId, page] as const) : null,
};

export function useLeads(webchatId: string, page: number) {
  const api = useApi();
  return useSWR(
    leadKeys.page(useEffectiveUserId(), webchatId, page),
    async (): Promise<WebchatLeadsPage> => {
      const answer = await callOrThrow(() => api.leads.list(webchatId, page), LEAD_TEXTS.loadFailed);
      if (!Array.isArray(answer?.leads)) throw new Error(LEAD_TEXTS.loadFailed);
      return answer;
    },
    { keepPreviousData: true, revalidateOnMount: true, dedupingInterval: 0 },
  );
}
