/**
 * Agents, phone numbers and calls (spec part 1 §4, §7, §8): key factory, SWR hooks and the
 * write actions. Keys carry the effective user, so starting or stopping impersonation loads the
 * other user's agents instead of showing stale ones.
 */
import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError } from '../../../shared/api/index.js';
import type { Agent, AgentPatch, PhoneAssociation } from '../../../shared/types/agent.js';
import { useApi } from '../../lib/ApiProvider.js';
import { serverErrorText } from '../../lib/errors.js';
import { refreshKeys, useItemQuery, useListQuery, useToolOptionsQuery } from '../../lib/resourceQueries.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { AGENT_TEXTS } from './agentTexts.js';

type UserId = string | null | undefined;

export const agentKeys = {
  list: (userId: UserId) => (userId ? (['agents', userId] as const) : null),
  detail: (userId: UserId, agentId: string | undefined) =>
    userId && agentId ? (['agents', userId, agentId] as const) : null,
  phoneNumbers: (userId: UserId) => (userId ? (['agents-phone-numbers', userId] as const) : null),
  associations: (userId: UserId) => (userId ? (['agents-phone-associations', userId] as const) : null),
  /** The tools an agent can be given; our own key, the tools feature's cache is not ours to share. */
  toolOptions: (userId: UserId) => (userId ? (['agents-tool-options', userId] as const) : null),
  knowledgeBots: (userId: UserId) => (userId ? (['agents-knowledge-bots', userId] as const) : null),
};

/** Twilio numbers could not be listed; `missingCredentials` when the account has none saved. */
export class PhoneNumbersError extends Error {
  constructor(
    message: string,
    readonly missingCredentials: boolean,
  ) {
    super(message);
    this.name = 'PhoneNumbersError';
  }
}

/** The agents list; reloads every time a screen using it mounts (spec part 1 §2). */
export function useAgents() {
  const api = useApi();
  return useListQuery(agentKeys.list(useEffectiveUserId()), () => api.agents.list(), AGENT_TEXTS.fetchFailed);
}

export function useAgent(agentId: string | undefined) {
  const api = useApi();
  return useItemQuery(agentKeys.detail(useEffectiveUserId(), agentId), () => api.agents.get(agentId ?? ''), {
    notFound: AGENT_TEXTS.notFound,
    failed: AGENT_TEXTS.detailFailed,
  });
}

/** The Twilio account's numbers; a failure leaves the choice empty (spec part 1 §8). */
export function usePhoneNumbers() {
  const api = useApi();
  return useSWR(
    agentKeys.phoneNumbers(useEffectiveUserId()),
    async (): Promise<string[]> => {
      try {
        const answer = await api.phone.numbers();
        return (answer.phoneNumbers ?? []).map((entry) => entry.phoneNumber).filter((n) => typeof n === 'string');
      } catch (error) {
        const missing = error instanceof ApiError && error.code === 'missing_credentials';
        throw new PhoneNumbersError(serverErrorText(error) ?? 'Phone numbers could not be loaded.', missing);
      }
    },
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
}

/** Which agent holds which number; failures give an empty list (spec part 1 §8). */
export function useAssociations() {
  const api = useApi();
  return useSWR(
    agentKeys.associations(useEffectiveUserId()),
    async (): Promise<PhoneAssociation[]> => {
      const answer = await api.phone.associations().catch(() => null);
      return answer?.associations ?? [];
    },
    { revalidateOnFocus: false },
  );
}

/** The user's tools as an agent sees them; failures give an empty list. */
/** The user's bots with knowledge, for the Knowledge choice (issue 24). */
export function useKnowledgeBots() {
  const api = useApi();
  return useSWR(agentKeys.knowledgeBots(useEffectiveUserId()), () => api.agents.knowledgeBots());
}

export function useToolOptions() {
  return useToolOptionsQuery(agentKeys.toolOptions(useEffectiveUserId()));
}

/** What Save did: the agent update succeeded; the association may not have. */
export interface SaveResult {
  agent: Agent | null;
  associationFailed: boolean;
  /** The number moved, but the server says why calls may not reach the agent yet. */
  associationWarning?: string;
}

export interface PhoneChange {
  from: string | null;
  to: string | null;
}

/**
 * Writes. `create` and `save` throw an Error with the text to show when the agent itself could not
 * be written; `remove` answers false on failure (spec part 1 §8); `makeCall` throws with the text.
 */
export function useAgentActions() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const refresh = (...keys: (readonly unknown[] | null)[]) => refreshKeys(mutate, ...keys);

    const create = async (name: string): Promise<Agent> => {
      try {
        return await api.agents.create(name);
      } catch (error) {
        throw new Error(AGENT_TEXTS.createFailed, { cause: error });
      } finally {
        void refresh(agentKeys.list(userId));
      }
    };

    const save = async (agentId: string, patch: AgentPatch, phone: PhoneChange): Promise<SaveResult> => {
      let agent: Agent | null = null;
      let associationFailed = false;
      let associationWarning: string | undefined;
      try {
        if (Object.keys(patch).length > 0) {
          try {
            agent = await api.agents.update(agentId, patch);
          } catch (error) {
            throw new Error(AGENT_TEXTS.updateFailed, { cause: error });
          }
        }
        if (phone.from !== phone.to) {
          try {
            if (phone.to)
              associationWarning = (await api.phone.associate(phone.to, agentId)).warning?.trim() || undefined;
            else if (phone.from) await api.phone.dissociate(phone.from);
          } catch {
            associationFailed = true;
          }
        }
        return { agent, associationFailed, ...(associationWarning ? { associationWarning } : {}) };
      } finally {
        // An association move changes other agents too, so the whole list reloads.
        void refresh(agentKeys.list(userId), agentKeys.detail(userId, agentId), agentKeys.associations(userId));
      }
    };

    const remove = async (agentId: string): Promise<boolean> => {
      try {
        await api.agents.remove(agentId);
        void refresh(agentKeys.list(userId), agentKeys.associations(userId));
        return true;
      } catch {
        return false;
      }
    };

    /** Places the call; answers its call SID (the ringing session's address), or null when the server gave none. */
    const makeCall = async (agentId: string, phoneNumber: string): Promise<string | null> => {
      try {
        const answer = await api.phone.makeCall({ agentId, phoneNumber });
        if (answer && answer.success === false) throw new ApiError(200, answer);
        return typeof answer?.callSid === 'string' && answer.callSid ? answer.callSid : null;
      } catch (error) {
        // The server's reason matters here (no Twilio credentials, agent without a number).
        const reason = error instanceof ApiError && error.status < 500 ? serverErrorText(error) : undefined;
        throw new Error(reason ? `${AGENT_TEXTS.callFailed}: ${reason}` : AGENT_TEXTS.callFailed, { cause: error });
      }
    };

    return { create, save, remove, makeCall };
  }, [api, userId, mutate]);
}
