import type { AnalysisKind, AnalysisSettings, ConversationAnalysisAnswer } from '../types/analysis.js';
import type { Request } from './request.js';

const enc = encodeURIComponent;

/** Where analysis settings live: an agent's (its calls) or a bot's (its chats). */
export type AnalysisSource = 'agents' | 'webchats';

/** Post-call analysis (issue 21 part C): settings of agents and bots, results of calls and chats, Retry. */
export function analysisApi(request: Request) {
  return {
    settings: (source: AnalysisSource, id: string) =>
      request<AnalysisSettings>('GET', `/${source}/${enc(id)}/analysis`),
    saveSettings: (source: AnalysisSource, id: string, body: Partial<AnalysisSettings>) =>
      request<AnalysisSettings>('PUT', `/${source}/${enc(id)}/analysis`, { body }),
    get: (kind: AnalysisKind, id: string) => request<ConversationAnalysisAnswer>('GET', `/analysis/${kind}/${enc(id)}`),
    retry: (kind: AnalysisKind, id: string) =>
      request<ConversationAnalysisAnswer>('POST', `/analysis/${kind}/${enc(id)}/retry`),
  };
}
