/**
 * The SWR shapes the agents and web chats features share: a list that reloads on every mount, one
 * item whose 404 is final, the user's tools as a picker sees them, and the cache refresh after a
 * write. Each feature keeps its own keys and texts; only the way of loading is one.
 */
import useSWR, { type ScopedMutator } from 'swr';
import { ApiError } from '../../shared/api/index.js';
import { useApi } from './ApiProvider.js';

type Key = readonly unknown[] | null;

/** A load failure with the text to show; `notFound` for a 404 of the item itself. */
export class ResourceLoadError extends Error {
  constructor(
    message: string,
    readonly notFound = false,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'ResourceLoadError';
  }
}

/** True when `error` says the item asked for does not exist. */
export function isNotFoundLoad(error: unknown): boolean {
  return error instanceof ResourceLoadError && error.notFound;
}

/** A list; reloads every time a screen using it mounts (spec part 1 §2). */
export function useListQuery<T>(key: Key, list: () => Promise<T[]>, failedText: string) {
  return useSWR(
    key,
    async (): Promise<T[]> => {
      const items = await list().catch((error: unknown) => {
        throw new ResourceLoadError(failedText, false, error);
      });
      if (!Array.isArray(items)) throw new ResourceLoadError(failedText);
      return items;
    },
    // No deduping: coming back to the list within SWR's 2 s window must still reload it.
    { revalidateOnMount: true, dedupingInterval: 0 },
  );
}

/** One item; a 404 becomes a `notFound` ResourceLoadError with `texts.notFound`, other failures `texts.failed`. */
export function useItemQuery<T>(key: Key, get: () => Promise<T>, texts: { notFound: string; failed: string }) {
  return useSWR(
    key,
    async (): Promise<T> => {
      try {
        return await get();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) throw new ResourceLoadError(texts.notFound, true, error);
        throw new ResourceLoadError(texts.failed, false, error);
      }
    },
    // Asking again for an item that does not exist only delays 'not found'; edits must not be
    // replaced by a refetch on focus either.
    { shouldRetryOnError: (error) => !isNotFoundLoad(error), revalidateOnFocus: false },
  );
}

export interface ToolOption {
  id: string;
  name: string;
  description: string;
  /** The MCP server an MCP tool comes from (issue 22); absent for JavaScript tools. */
  server?: string;
}

/**
 * The user's tools as a picker sees them, under the caller's own key: JavaScript tools, then the
 * tools each MCP server listed, grouped by server. A failure of either list leaves that part out.
 */
export function useToolOptionsQuery(key: Key) {
  const api = useApi();
  return useSWR(
    key,
    async (): Promise<ToolOption[]> => {
      const [tools, servers] = await Promise.all([
        api.tools.list().catch(() => []),
        api.mcpServers.list().catch(() => []),
      ]);
      const js = Array.isArray(tools) ? tools.map(({ id, name, description }) => ({ id, name, description })) : [];
      const mcp = Array.isArray(servers)
        ? servers.flatMap((server) =>
            server.tools.map(({ id, name, description }) => ({ id, name, description, server: server.name })),
          )
        : [];
      return [...js, ...mcp];
    },
    { revalidateOnFocus: false },
  );
}

/** Revalidates every key that is not null (a null key is a cache nobody has loaded). */
export function refreshKeys(mutate: ScopedMutator, ...keys: Key[]) {
  return Promise.all(keys.map((key) => (key ? mutate(key) : undefined)));
}
