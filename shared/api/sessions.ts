import type {
  ActiveSessionsResponse,
  CallOperatorResponse,
  EndedSessionsQuery,
  SuccessResponse,
} from '../types/api.js';
import type { CallSession, EndedSessionsPage, SessionMessage } from '../types/session.js';
import type { Request } from './request.js';

const enc = encodeURIComponent;

/** Call sessions (spec part 1 §7). */
export function sessionsApi(request: Request) {
  return {
    active: () => request<ActiveSessionsResponse>('GET', '/sessions/active-sessions'),
    activeOne: (streamSid: string) => request<CallSession | null>('GET', `/sessions/active-sessions/${enc(streamSid)}`),
    ended: (query: EndedSessionsQuery = {}) =>
      request<EndedSessionsPage>('GET', '/sessions/ended-sessions', { query: { ...query } }),
    end: (streamSid: string) => request<SuccessResponse>('POST', '/sessions/end-session', { body: { streamSid } }),
    /** Issue 23: the signed-in operator takes the live call over, or hands it back to its agent. */
    takeOver: (streamSid: string) =>
      request<CallOperatorResponse>('POST', '/sessions/take-over', { body: { streamSid } }),
    handBack: (streamSid: string) =>
      request<CallOperatorResponse>('POST', '/sessions/hand-back', { body: { streamSid } }),
    /** Issue 23: moves a live call to one of its agent's transfer destinations. */
    transfer: (streamSid: string, destination: string) =>
      request<SuccessResponse>('POST', '/sessions/transfer', { body: { streamSid, destination } }),
    messages: (streamSid: string) => request<SessionMessage[]>('GET', `/sessions/messages/${enc(streamSid)}`),
  };
}
