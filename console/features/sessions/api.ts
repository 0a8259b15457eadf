/**
 * Call sessions data (spec part 1 §7, §8): key factory, SWR hooks and End Session. Keys carry the
 * effective user, so impersonating never shows another user's calls. Real-time events update
 * these caches (useSessionEvents); the fetches here are what a page load or Refresh shows.
 */
import { useEffect, useMemo } from 'react';
import useSWR, { type SWRConfiguration, type SWRResponse, useSWRConfig } from 'swr';
import { isApiError } from '../../../shared/api/index.js';
import { ENDED_SESSIONS_DEFAULT_LIMIT } from '../../../shared/defaults.js';
import type { Agent } from '../../../shared/types/agent.js';
import type { EndedSessionsQuery } from '../../../shared/types/api.js';
import type { CallSession, SessionMessage } from '../../../shared/types/session.js';
import { useApi } from '../../lib/ApiProvider.js';
import { callOrThrow } from '../../lib/errors.js';
import { useEffectiveUserId } from '../../lib/session/useAuth.js';
import { RECORDING_TEXTS } from './recording/recordingTexts.js';
import { isCallSession, isRecordingLink, messagesOf, type RecordingLink, sessionsOf } from './sessionGuards.js';
import { SESSION_TEXTS } from './sessionTexts.js';
import { endedCopy } from './sessionTime.js';

type UserId = string | null;
export type EndedQuery = Required<EndedSessionsQuery>;

export const DEFAULT_ENDED_QUERY: EndedQuery = { limit: ENDED_SESSIONS_DEFAULT_LIMIT, offset: 0, order: 'desc' };

export const sessionKeys = {
  active: (userId: UserId) => (userId ? (['sessions-active', userId] as const) : null),
  ended: (userId: UserId, q: EndedQuery) =>
    userId ? (['sessions-ended', userId, q.limit, q.offset, q.order] as const) : null,
  detail: (userId: UserId, sid: string) => (userId && sid ? (['sessions-detail', userId, sid] as const) : null),
  messages: (userId: UserId, sid: string) => (userId && sid ? (['sessions-messages', userId, sid] as const) : null),
  /** Agent names for the tables; our own key, the agents feature's cache is not ours to share. */
  agents: (userId: UserId) => (userId ? (['sessions-agents', userId] as const) : null),
  lastEnded: (userId: UserId) => (userId ? (['sessions-last-ended', userId] as const) : null),
  recordingLink: (userId: UserId, sid: string | null) =>
    userId && sid ? (['sessions-recording-link', userId, sid] as const) : null,
};

/** Matches every cached page of the ended table of `userId`, whatever its limit, offset or order. */
export const isEndedKey = (userId: UserId) => (key: unknown) =>
  Array.isArray(key) && key[0] === 'sessions-ended' && key[1] === userId;

/** Answers that are not a session list count as failures: an empty table would be a lie. */
function sessionsOrThrow(answer: unknown, text: string): CallSession[] {
  const sessions = sessionsOf(answer);
  if (!sessions) throw new Error(text);
  return sessions;
}

// Typed out: the inferred type names an internal SWR module the library build's .d.ts cannot reach.
export function useActiveSessions(config: SWRConfiguration<CallSession[]> = {}): SWRResponse<CallSession[]> {
  const api = useApi();
  return useSWR(
    sessionKeys.active(useEffectiveUserId()),
    async () =>
      sessionsOrThrow(
        await callOrThrow(() => api.sessions.active(), SESSION_TEXTS.fetchFailed),
        SESSION_TEXTS.fetchFailed,
      ),
    // Every visit and every Refresh asks the server again.
    { revalidateOnMount: true, dedupingInterval: 0, ...config },
  );
}

export interface EndedPage {
  sessions: CallSession[];
  total: number;
}

export function useEndedSessions(query: EndedQuery) {
  const api = useApi();
  return useSWR(
    sessionKeys.ended(useEffectiveUserId(), query),
    async (): Promise<EndedPage> => {
      const answer = await callOrThrow(() => api.sessions.ended(query), SESSION_TEXTS.endedFetchFailed);
      const sessions = sessionsOrThrow(answer, SESSION_TEXTS.endedFetchFailed);
      const total = Number.isInteger(answer.total) && answer.total >= 0 ? answer.total : sessions.length;
      return { sessions, total };
    },
    // The previous page stays on screen while the next one loads, so the table does not jump.
    { keepPreviousData: true, revalidateOnMount: true, dedupingInterval: 0 },
  );
}

/** A detail load that failed for another reason than "no such session". */
export class SessionLoadError extends Error {}

/** One session, active or ended; null when the server has none by that stream SID. */
export function useSession(streamSid: string) {
  const api = useApi();
  return useSWR(
    sessionKeys.detail(useEffectiveUserId(), streamSid),
    async (): Promise<CallSession | null> => {
      try {
        const answer: unknown = await api.sessions.activeOne(streamSid);
        return isCallSession(answer) ? answer : null;
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw new SessionLoadError(SESSION_TEXTS.detailFailed, { cause: error });
      }
    },
    { revalidateOnFocus: false },
  );
}

/** Stored messages; a failure gives an empty transcript (spec part 1 §8). */
export function useSessionMessages(streamSid: string) {
  const api = useApi();
  return useSWR(
    sessionKeys.messages(useEffectiveUserId(), streamSid),
    async (): Promise<SessionMessage[]> => messagesOf(await api.sessions.messages(streamSid).catch(() => [])),
    { revalidateOnFocus: false },
  );
}

/** A signed link is good for 10 minutes (the recording contract); a new one is fetched a minute before. */
const LINK_LIFETIME_MS = 10 * 60_000;
const LINK_REFRESH_AHEAD_MS = 60_000;
/** However wrong the two clocks are, links are not fetched more often than this. */
const LINK_MIN_REFRESH_MS = 15_000;

/** When to fetch the next link: before this one expires, judged by the shorter of its expiry and its lifetime. */
export function linkRefreshIn(link: RecordingLink | undefined, now = Date.now()): number {
  if (!link) return 0;
  const left = Math.min(link.expiresAt - now, LINK_LIFETIME_MS);
  return Math.max(LINK_MIN_REFRESH_MS, left - LINK_REFRESH_AHEAD_MS);
}

/**
 * A signed link to a session's recording (POST /sessions/recording/{sid}/link): the `<audio>`
 * element cannot send the bearer token, so it plays this URL. Fetched again before it expires, so
 * the player and Download always hold a live one; null `streamSid` fetches nothing.
 */
export function useRecordingLink(streamSid: string | null) {
  const api = useApi();
  const link = useSWR(
    sessionKeys.recordingLink(useEffectiveUserId(), streamSid),
    async ([, , sid]): Promise<RecordingLink> => {
      const answer = await callOrThrow(
        () => api.request<unknown>('POST', `/sessions/recording/${encodeURIComponent(sid)}/link`),
        RECORDING_TEXTS.linkFailed,
      );
      if (!isRecordingLink(answer)) throw new Error(RECORDING_TEXTS.linkFailed);
      return answer;
    },
    // A refused link is said once, not retried behind the user's back (it is 404 for a recording that is not there).
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  // One timer per link. SWR's refreshInterval would not do: it restarts its timer on every render
  // (the player renders with each timeupdate), so a link due soon would never be replaced.
  const { data, mutate } = link;
  useEffect(() => {
    if (!data) return undefined;
    const timer = setTimeout(() => void mutate(), linkRefreshIn(data));
    return () => clearTimeout(timer);
  }, [data, mutate]);
  return link;
}

/** Agent id → name for the sessions screens; a failure leaves the ids unnamed. */
export function useAgentNames() {
  const api = useApi();
  const agents = useSWR(
    sessionKeys.agents(useEffectiveUserId()),
    async (): Promise<Agent[]> => {
      const list: unknown = await api.agents.list().catch(() => []);
      return Array.isArray(list) ? (list as Agent[]) : [];
    },
    { revalidateOnFocus: false },
  );
  const names = useMemo(() => new Map((agents.data ?? []).map((agent) => [agent.id, agent.name])), [agents.data]);
  return { names, agents: agents.data ?? [], loading: agents.data === undefined, refresh: agents.mutate };
}

/**
 * End Session: POST /sessions/end-session, then the session is ended here at once (spec part 1 §4:
 * active until session.ended or until End Session succeeds) and the lists reload. Answers the
 * server's note when it gave one (how the call was ended); throws an Error with the text to show
 * when the server did not end it.
 */
export function useEndSession() {
  const api = useApi();
  const userId = useEffectiveUserId();
  const { mutate } = useSWRConfig();
  return async (session: CallSession): Promise<string | undefined> => {
    const answer = await callOrThrow(() => api.sessions.end(session.streamSid), SESSION_TEXTS.endFailed);
    const ended = endedCopy(session, Date.now());
    await Promise.all([
      mutate(sessionKeys.detail(userId, session.streamSid), ended),
      mutate(sessionKeys.active(userId), (list?: CallSession[]) =>
        list?.filter((s) => s.streamSid !== session.streamSid),
      ),
      mutate(isEndedKey(userId)),
    ]);
    return typeof answer?.message === 'string' && answer.message.trim() ? answer.message : undefined;
  };
}
