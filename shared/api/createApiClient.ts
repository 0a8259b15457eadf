import type { HealthResponse } from '../types/api.js';
import { accountsApi } from './accounts.js';
import { adminApi } from './admin.js';
import { agentsApi, phoneApi } from './agents.js';
import { analysisApi } from './analysis.js';
import { analyticsApi } from './analytics.js';
import { apiKeysApi } from './apiKeys.js';
import { historyApi } from './history.js';
import { knowledgeApi } from './knowledge.js';
import { leadsApi } from './leads.js';
import { mcpServersApi } from './mcpServers.js';
import { recrawlApi } from './recrawl.js';
import { type ApiClientOptions, createTransport } from './request.js';
import { sessionsApi } from './sessions.js';
import { customValuesApi, toolsApi } from './tools.js';
import { webchatsApi } from './webchats.js';
import { webhooksApi } from './webhooks.js';

/** The typed API client: one `request()`, methods grouped by resource, failures thrown as ApiError. */
export function createApiClient(options: ApiClientOptions) {
  const { request, stream, raw, tokens } = createTransport(options);
  return {
    request,
    tokens,
    health: () => request<HealthResponse>('GET', '/health', { refreshOn401: false }),
    accounts: accountsApi(request),
    apiKeys: apiKeysApi(request),
    admin: adminApi(request),
    agents: agentsApi(request),
    phone: phoneApi(request),
    sessions: sessionsApi(request),
    tools: toolsApi(request),
    customValues: customValuesApi(request),
    mcpServers: mcpServersApi(request),
    knowledge: knowledgeApi(request),
    webchats: webchatsApi(request, raw),
    history: historyApi(request, stream),
    leads: leadsApi(request, stream),
    analysis: analysisApi(request),
    analytics: analyticsApi(request),
    webhooks: webhooksApi(request),
    recrawl: recrawlApi(request),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
