/**
 * MCP servers data (issue 22): key factory, the list hook and the writes. Keys carry the effective
 * user, so impersonating never shows another user's servers. Adding a server lists its tools at
 * once (refresh), so the new card shows them or says why it could not.
 */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { McpServer, McpServerInput, McpServerPatch } from '../../../shared/types/mcp.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow } from '../../lib/errors.js';
import { refreshKeys } from '../../lib/resourceQueries.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';

export const MCP_TEXTS = {
  tab: 'MCP Servers',
  add: 'Add MCP Server',
  addTitle: 'Add MCP Server',
  editTitle: 'Edit MCP Server',
  intro:
    'Tools other systems publish over the Model Context Protocol (Streamable HTTP). Agents and bots select them beside JavaScript tools.',
  loading: 'Loading MCP servers...',
  listFailed: 'Failed to load MCP servers',
  emptyTitle: 'No MCP servers yet',
  emptyDescription: 'Add a server by its Streamable HTTP URL to list its tools and give them to your agents and bots.',
  listLabel: 'MCP servers',
  created: 'MCP server added',
  updated: 'MCP server updated',
  deleted: (name: string) => `MCP server ${name} deleted`,
  saveFailed: 'Failed to save MCP server',
  deleteFailed: 'Failed to delete MCP server',
  refreshFailed: 'Failed to refresh MCP server',
  refreshed: (count: number) => `Listed ${count} tool${count === 1 ? '' : 's'}`,
  refresh: 'Refresh tools',
  refreshing: 'Refreshing...',
  noTools: 'No tools listed yet. Refresh to list them.',
  lastError: 'The last refresh failed',
  tokenSet: 'Bearer token set',
  tokenHint: 'Sent as "Authorization: Bearer …" on every request; stored encrypted, never shown again.',
  keepTokenHint: 'Leave empty to keep the saved token.',
  removeToken: 'Remove the saved token',
  urlHint: "The server's Streamable HTTP endpoint, e.g. https://mcp.example.com/mcp",
  deleteTitle: 'Delete MCP server?',
  deleteDescription: (name: string) =>
    `${name} and its tools will be removed from every agent and bot that uses them. This cannot be undone.`,
} as const;

export const mcpKeys = {
  list: (userId: string | null) => (userId ? (['mcp-servers', userId] as const) : null),
};

export function useMcpServers() {
  const api = useApi();
  return useSWR(mcpKeys.list(useEffectiveUserId()), async (): Promise<McpServer[]> => {
    const answer: unknown = await api.mcpServers.list();
    if (!Array.isArray(answer)) throw new Error(MCP_TEXTS.listFailed);
    return answer as McpServer[];
  });
}

export function useMcpServerActions() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refreshList = () => refreshKeys(mutate, mcpKeys.list(userId));
    return {
      /** Adds the server, then lists its tools; answers the server as the refresh left it. */
      create: async (input: McpServerInput): Promise<McpServer> => {
        try {
          const created = await callOrThrow(() => api.mcpServers.create(input), MCP_TEXTS.saveFailed);
          return await api.mcpServers.refresh(created.id).catch(() => created);
        } finally {
          await refreshList();
        }
      },
      update: async (id: string, patch: McpServerPatch): Promise<McpServer> => {
        try {
          return await callOrThrow(() => api.mcpServers.update(id, patch), MCP_TEXTS.saveFailed);
        } finally {
          await refreshList();
        }
      },
      refresh: async (id: string): Promise<McpServer> => {
        try {
          return await callOrThrow(() => api.mcpServers.refresh(id), MCP_TEXTS.refreshFailed);
        } finally {
          await refreshList();
        }
      },
      remove: async (id: string): Promise<void> => {
        try {
          await callOrThrow(() => api.mcpServers.remove(id), MCP_TEXTS.deleteFailed);
        } finally {
          await refreshList();
        }
      },
    };
  }, [api, userId, mutate]);
}
