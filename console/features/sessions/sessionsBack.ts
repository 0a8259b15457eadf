/**
 * The way back from a session to the Sessions page as it was left: its search and the Ended
 * table's sort and page live in its address (endedParams.ts), which a link into a session carries
 * in the history entry's state. The back arrow goes there; without it (a shared link, a toast),
 * to /sessions.
 */
import { useLocation } from 'react-router-dom';
import type { BackLink } from '../../components/BackButton.js';
import { SESSION_TEXTS } from './sessionTexts.js';

export interface SessionLinkState {
  /** The Sessions page's path and query when the session was opened. */
  sessionsAddress: string;
}

const SESSIONS = '/sessions';

/** The state a link from the Sessions page into a session carries. */
export function useSessionLinkState(): SessionLinkState {
  const { pathname, search } = useLocation();
  return { sessionsAddress: `${pathname}${search}` };
}

/** The back arrow of a session page whose history entry carries `state`. */
export function backToSessions(state: unknown): BackLink {
  const address =
    state !== null && typeof state === 'object' ? (state as Partial<SessionLinkState>).sessionsAddress : undefined;
  // Only the Sessions page itself, so a crafted entry cannot send the arrow elsewhere.
  const to =
    typeof address === 'string' && (address === SESSIONS || address.startsWith(`${SESSIONS}?`)) ? address : SESSIONS;
  return { to, label: SESSION_TEXTS.back };
}
