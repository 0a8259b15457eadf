/**
 * Web chat bots and demos (spec part 2 §7, §8): key factory, SWR hooks and the write actions.
 * Keys carry the effective user, so impersonation never shows another user's bots.
 */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError } from '../../../shared/api/index.js';
import type { Demo, Webchat, WebchatInput } from '../../../shared/types/webchat.js';
import { useApi } from '../../lib/ApiProvider.js';
import { serverErrorText } from '../../lib/errors.js';
import { refreshKeys, useItemQuery, useListQuery, useToolOptionsQuery } from '../../lib/resourceQueries.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { WEBCHAT_TEXTS } from './webchatTexts.js';

type UserId = string | null | undefined;

export const webchatKeys = {
  list: (userId: UserId) => (userId ? (['webchats', userId] as const) : null),
  detail: (userId: UserId, id: string | undefined) => (userId && id ? (['webchats', userId, id] as const) : null),
  demos: (userId: UserId, id: string | undefined) => (userId && id ? (['webchat-demos', userId, id] as const) : null),
  script: (userId: UserId, id: string | undefined) => (userId && id ? (['webchat-script', userId, id] as const) : null),
  /** The tools a bot can be given; our own key, the tools feature's cache is not ours to share. */
  toolOptions: (userId: UserId) => (userId ? (['webchat-tool-options', userId] as const) : null),
};

/** A failed write: `message` is the spec text, `reason` the server's words for a refused request. */
export class WebchatWriteError extends Error {
  constructor(
    message: string,
    readonly reason: string | undefined,
    /** False when no answer came back (network failure): the spec has 'Error …' texts for those. */
    readonly answered: boolean,
  ) {
    super(message);
    this.name = 'WebchatWriteError';
  }

  /** The spec text, with the server's reason when it refused the input (4xx). */
  get display(): string {
    return this.reason ? `${this.message}: ${this.reason}` : this.message;
  }
}

function writeError(message: string, error: unknown): WebchatWriteError {
  const answered = error instanceof ApiError && error.status > 0;
  const reason =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? serverErrorText(error) : undefined;
  return new WebchatWriteError(message, reason, answered);
}

/** The bots list; reloads every time the list mounts. */
export function useWebchats() {
  const api = useApi();
  return useListQuery(webchatKeys.list(useEffectiveUserId()), () => api.webchats.list(), WEBCHAT_TEXTS.loadFailed);
}

/** One bot; `id` undefined for a new bot (no request). */
export function useWebchat(id: string | undefined) {
  const api = useApi();
  return useItemQuery(webchatKeys.detail(useEffectiveUserId(), id), () => api.webchats.get(id ?? ''), {
    notFound: WEBCHAT_TEXTS.notFound,
    failed: WEBCHAT_TEXTS.detailFailed,
  });
}

export function useDemos(webchatId: string | undefined) {
  const api = useApi();
  return useSWR(webchatKeys.demos(useEffectiveUserId(), webchatId), async (): Promise<Demo[]> => {
    const demos = await api.webchats.demos(webchatId ?? '');
    return Array.isArray(demos) ? demos : [];
  });
}

export function useIntegrationScript(webchatId: string | undefined) {
  const api = useApi();
  return useSWR(
    webchatKeys.script(useEffectiveUserId(), webchatId),
    async () => (await api.webchats.integrationScript(webchatId ?? '')).integrationScript,
    { revalidateOnFocus: false },
  );
}

/** The user's tools as a bot sees them; a failure gives an empty list. */
export function useWebchatToolOptions() {
  return useToolOptionsQuery(webchatKeys.toolOptions(useEffectiveUserId()));
}

/** Writes; each throws a WebchatWriteError carrying the spec text. Caches they touch are reloaded. */
export function useWebchatActions() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = (...keys: (readonly unknown[] | null)[]) => refreshKeys(mutate, ...keys);
    const attempt = async <T>(call: () => Promise<T>, message: string): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        throw writeError(message, error);
      }
    };

    return {
      create: async (input: WebchatInput): Promise<Webchat> => {
        const bot = await attempt(() => api.webchats.create(input), WEBCHAT_TEXTS.createFailed);
        void refresh(webchatKeys.list(userId));
        return bot;
      },
      update: async (id: string, input: WebchatInput): Promise<Webchat> => {
        const bot = await attempt(() => api.webchats.update(id, input), WEBCHAT_TEXTS.updateFailed);
        await mutate(webchatKeys.detail(userId, id), bot, { revalidate: false });
        void refresh(webchatKeys.list(userId));
        return bot;
      },
      remove: async (id: string): Promise<void> => {
        await attempt(() => api.webchats.remove(id), WEBCHAT_TEXTS.deleteFailed);
        void refresh(webchatKeys.list(userId));
      },
      createDemo: async (webchatId: string, link: string): Promise<Demo> => {
        try {
          return await api.webchats.createDemo(webchatId, link);
        } catch (error) {
          const failure = writeError(WEBCHAT_TEXTS.demo.createFailed, error);
          throw failure.answered ? failure : new WebchatWriteError(WEBCHAT_TEXTS.demo.createError, undefined, false);
        } finally {
          void refresh(webchatKeys.demos(userId, webchatId));
        }
      },
      deleteDemo: async (webchatId: string, demoId: string): Promise<void> => {
        try {
          await api.webchats.deleteDemo(demoId);
        } catch (error) {
          const failure = writeError(WEBCHAT_TEXTS.demo.deleteFailed, error);
          throw failure.answered ? failure : new WebchatWriteError(WEBCHAT_TEXTS.demo.deleteError, undefined, false);
        } finally {
          void refresh(webchatKeys.demos(userId, webchatId));
        }
      },
    };
  }, [api, userId, mutate]);
}
