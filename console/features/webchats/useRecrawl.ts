/** A bot's re-crawl state (issue 24): SWR-kept, saved and run through the API, the bot reloaded after a run. */
import useSWR, { useSWRConfig } from 'swr';
import type { RecrawlSettings } from '../../../shared/types/recrawl.js';
import { useApi } from '../../lib/ApiProvider.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { webchatKeys } from './api.js';

export const recrawlKey = (userId: string | null | undefined, id: string | null) =>
  userId && id ? (['webchat-recrawl', userId, id] as const) : null;

export function useRecrawl(webchatId: string | null) {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  const key = recrawlKey(userId, webchatId);
  const query = useSWR(key, () => api.recrawl.get(webchatId ?? ''));
  const save = async (settings: Partial<RecrawlSettings>) => {
    if (!webchatId) return;
    await query.mutate(await api.recrawl.save(webchatId, settings), { revalidate: false });
  };
  const run = async () => {
    if (!webchatId) return;
    await query.mutate(await api.recrawl.run(webchatId), { revalidate: false });
    await mutate(webchatKeys.detail(userId, webchatId));
  };
  return { state: query.data, error: query.error as unknown, save, run };
}
