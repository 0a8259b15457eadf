import { useEffect, useState } from 'react';
import useSWR from 'swr';
import type { ServerMessageOf } from '../../../shared/protocol.js';
import type { AnalysisKind, ConversationAnalysis } from '../../../shared/types/analysis.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow, errorText } from '../../lib/errors.js';
import { ANALYSIS_TEXTS } from './analysisTexts.js';

/** While an analysis waits or runs the page also asks now and then, in case a real-time event is missed. */
export const ANALYSIS_POLL_MS = 5000;

/** The console's real-time `on` (app/RealtimeProvider), passed in: components stand below app/. */
export type AnalysisSubscribe = (
  type: 'analysis.updated',
  handler: (message: ServerMessageOf<'analysis.updated'>) => void,
) => () => void;

export interface ConversationAnalysisState {
  /** undefined while loading; null when the conversation was not analysed. */
  analysis: ConversationAnalysis | null | undefined;
  loadFailed: boolean;
  retrying: boolean;
  retryError: string | null;
  retry: () => Promise<void>;
}

export function useConversationAnalysis(
  kind: AnalysisKind,
  id: string,
  userId: string | null,
  subscribe: AnalysisSubscribe,
): ConversationAnalysisState {
  const api = useApi();
  const key = userId && id ? (['conversation-analysis', userId, kind, id] as const) : null;
  const loaded = useSWR(
    key,
    async () => (await callOrThrow(() => api.analysis.get(kind, id), ANALYSIS_TEXTS.fetchFailed)).analysis,
    {
      refreshInterval: (data) => (data?.status === 'pending' || data?.status === 'running' ? ANALYSIS_POLL_MS : 0),
    },
  );
  const { mutate } = loaded;
  useEffect(
    () =>
      subscribe('analysis.updated', (message) => {
        if (message.kind === kind && message.id === id) void mutate();
      }),
    [subscribe, kind, id, mutate],
  );
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const retry = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      const answer = await api.analysis.retry(kind, id);
      await mutate(answer.analysis, { revalidate: false });
    } catch (error) {
      setRetryError(errorText(error, ANALYSIS_TEXTS.failed));
    } finally {
      setRetrying(false);
    }
  };
  return { analysis: loaded.data, loadFailed: Boolean(loaded.error), retrying, retryError, retry };
}
