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

/** A load failure with the text to show; `notFound` for a 404 of the bot itself. */
export class WebchatLoadError extends Error {
  constructor(
    message: string,
    readonly notFound = false,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'WebchatLoadError';
  }
}

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
  return useSWR(
    webchatKeys.list(useEffectiveUserId()),
    async (): Promise<Webchat[]> => {
      const bots = await api.webchats.list().catch((error: unknown) => {
        throw new WebchatLoadError(WEBCHAT_TEXTS.loadFailed, false, error);
      });
      if (!Array.isArray(bots)) throw new WebchatLoadError(WEBCHAT_TEXTS.loadFailed);
      return bots;
    },
    { revalidateOnMount: true, dedupingInterval: 0 },
  );
}

/** One bot; `id` undefined for a new bot (no request). */
export function useWebchat(id: string | undefined) {
  const api = useApi();
  return useSWR(
    webchatKeys.detail(useEffectiveUserId(), id),
    async (): Promise<Webchat> => {
      try {
        return await api.webchats.get(id ?? '');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404)
          throw new WebchatLoadError(WEBCHAT_TEXTS.notFound, true, error);
        throw new WebchatLoadError(WEBCHAT_TEXTS.detailFailed, false, error);
      }
    },
    // Asking again for a bot that does not exist only delays 'Bot not found'; edits must not be
    // replaced by a refetch on focus either.
    { shouldRetryOnError: (error) => !(error instanceof WebchatLoadError && error.notFound), revalidateOnFocus: false },
  );
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

export interface ToolOption {
  id: string;
  name: string;
  description: string;
}

/** The user's tools as a bot sees them; a failure gives an empty list. */
export function useWebchatToolOptions() {
  const api = useApi();
  return useSWR(
    webchatKeys.toolOptions(useEffectiveUserId()),
    async (): Promise<ToolOption[]> => {
      const tools = await api.tools.list().catch(() => []);
      return Array.isArray(tools) ? tools.map(({ id, name, description }) => ({ id, name, description })) : [];
    },
    { revalidateOnFocus: false },
  );
}

/** Writes; each throws a WebchatWriteError carrying the spec text. Caches they touch are reloaded. */
export function useWebchatActions() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = (...keys: (readonly unknown[] | null)[]) =>
      Promise.all(keys.map((key) => (key ? mutate(key) : undefined)));
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
