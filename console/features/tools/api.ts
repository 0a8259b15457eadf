/**
 * Tools and custom values data (spec part 2 §7): key factories, SWR hooks and mutations with the
 * §8 texts. Keys carry the effective user, so impersonating never shows another user's tools.
 */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError, isApiError } from '../../../shared/api/index.js';
import { FALLBACK_ERROR_TEXT } from '../../../shared/errors.js';
import type { CustomValue, Tool, ToolInput, ToolTestResult } from '../../../shared/types/tool.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow, listOrThrow } from '../../lib/errors.js';
import { refreshKeys } from '../../lib/resourceQueries.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';

export const TOOL_TEXTS = {
  created: 'Tool created successfully',
  updated: 'Tool updated successfully',
  deleted: (name: string) => (name.trim() ? `Tool ${name} deleted successfully` : 'Tool deleted successfully'),
  deleteFailed: 'Failed to delete tool',
  notFound: 'Tool not found',
  notFoundHint: 'It may have been deleted, or the address is wrong.',
  invalidJson: 'Invalid JSON in parameters field',
  listFailed: 'Failed to load tools',
  loadFailed: 'Failed to load tool',
  testFailed: 'Failed to run tool',
} as const;

/** Where the tool editor's back arrow and its not-found state lead. */
export const BACK_TO_TOOLS = { to: '/tools', label: 'Back to Tools' } as const;

export const CUSTOM_VALUE_TEXTS = {
  created: 'Custom value created',
  updated: 'Custom value updated',
  deleted: 'Custom value deleted',
  fetchFailed: 'Failed to fetch custom values',
  saveFailed: 'Failed to save custom value',
  deleteFailed: 'Failed to delete custom value',
  deleteOldFailed: 'Failed to delete old custom value',
  exists: (name: string) => `A custom value named ${name} already exists. Edit it in the list instead.`,
  /** The rule server/tools/customValueFields.ts applies, in its own words. */
  nameRule: 'Use letters, digits, _ . - and start with a letter or _ (at most 100 characters), e.g. API_KEY',
} as const;

export const toolKeys = {
  list: (userId: string | null) => (userId ? (['tools', userId] as const) : null),
  detail: (userId: string | null, id: string | null) => (userId && id ? (['tools', userId, id] as const) : null),
  customValues: (userId: string | null) => (userId ? (['custom-values', userId] as const) : null),
};

/** The text for a failed tool call that has no spec text of its own: the server's words first. */
export function toolErrorText(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || FALLBACK_ERROR_TEXT;
  return FALLBACK_ERROR_TEXT;
}

/** True when a tool load failed because the tool does not exist (for this user). */
export function isToolNotFound(error: unknown): boolean {
  return isApiError(error, 404);
}

/** The id in a create answer: the tool itself, or `{ tool }` from servers that wrap it. */
function createdId(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const record = answer as { id?: unknown; tool?: { id?: unknown } };
  const id = record.id ?? record.tool?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

export function useTools() {
  const api = useApi();
  return useSWR(toolKeys.list(useEffectiveUserId()), async (): Promise<Tool[]> => {
    const answer: unknown = await api.tools.list();
    if (!Array.isArray(answer)) throw new Error(TOOL_TEXTS.listFailed);
    return answer as Tool[];
  });
}

/** One tool; `null` id (a new tool) fetches nothing. A missing tool is not retried. */
export function useTool(id: string | null) {
  const api = useApi();
  return useSWR(toolKeys.detail(useEffectiveUserId(), id), () => api.tools.get(id ?? ''), {
    shouldRetryOnError: (error) => !isToolNotFound(error),
    revalidateOnFocus: false,
  });
}

export function useCustomValues() {
  const api = useApi();
  return useSWR(
    toolKeys.customValues(useEffectiveUserId()),
    (): Promise<CustomValue[]> =>
      listOrThrow(() => api.customValues.list(), 'customValues', CUSTOM_VALUE_TEXTS.fetchFailed),
  );
}

export function useToolActions() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refreshList = () => void refreshKeys(mutate, toolKeys.list(userId));
    return {
      /** Creates the tool and answers its id (null if the server did not say). */
      create: async (input: ToolInput): Promise<string | null> => {
        const id = createdId(await api.tools.create(input));
        refreshList();
        return id;
      },
      update: async (id: string, input: ToolInput): Promise<Tool> => {
        const tool = await api.tools.update(id, input);
        refreshList();
        await refreshKeys(mutate, toolKeys.detail(userId, id));
        return tool;
      },
      remove: async (id: string): Promise<void> => {
        try {
          await callOrThrow(() => api.tools.remove(id), TOOL_TEXTS.deleteFailed);
        } catch {
          // Spec part 2 §8 names this text for every failed delete.
          throw new Error(TOOL_TEXTS.deleteFailed);
        }
        const key = toolKeys.detail(userId, id);
        // Drop the deleted tool without asking the server again (it would answer 404).
        if (key) void mutate(key, undefined, { revalidate: false });
        refreshList();
      },
      test: (id: string, args: unknown): Promise<ToolTestResult> => api.tools.test(id, args),
    };
  }, [api, userId, mutate]);
}

export function useCustomValueActions() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = () => void refreshKeys(mutate, toolKeys.customValues(userId));
    const post = (value: CustomValue) => callOrThrow(() => api.customValues.save(value), CUSTOM_VALUE_TEXTS.saveFailed);
    return {
      /**
       * Saves `value`; `previous` is the value being edited. A rename deletes the old name first,
       * then creates the new one (spec part 2 §4). Answers the success text to show.
       */
      save: async (value: CustomValue, previous?: CustomValue): Promise<string> => {
        try {
          if (previous && previous.name !== value.name) {
            await callOrThrow(() => api.customValues.remove(previous.name), CUSTOM_VALUE_TEXTS.deleteOldFailed);
            try {
              await post(value);
            } catch (error) {
              // The old name is already gone: put it back so a failed rename loses nothing.
              await post(previous).catch(() => undefined);
              throw error;
            }
          } else {
            await post(value);
          }
        } finally {
          refresh();
        }
        return previous ? CUSTOM_VALUE_TEXTS.updated : CUSTOM_VALUE_TEXTS.created;
      },
      remove: async (name: string): Promise<void> => {
        try {
          await callOrThrow(() => api.customValues.remove(name), CUSTOM_VALUE_TEXTS.deleteFailed);
        } finally {
          refresh();
        }
      },
    };
  }, [api, userId, mutate]);
}
