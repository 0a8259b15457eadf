import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CallSession } from '../../../shared/types/session.js';
import { useRealtime } from '../../app/RealtimeProvider.js';
import { sessionPath } from './SessionCells.js';

/**
 * A ringing call's page is opened by its call SID ("Call initiated" links there). Once the call is
 * answered its session goes by the stream's SID: the page moves there (replacing the address, so
 * Back still leaves the session), when the session.created event of the answered call comes or
 * when the server answers the session under its new SID.
 */
export function useAnsweredRedirect(openedAs: string, session: CallSession | null | undefined): void {
  const { on } = useRealtime();
  const navigate = useNavigate();
  const { state } = useLocation();
  const moved = session && session.streamSid !== openedAs ? session.streamSid : null;

  useEffect(() => {
    if (moved) navigate(sessionPath(moved), { replace: true, state });
  }, [moved, navigate, state]);

  useEffect(
    () =>
      on('session.created', (event) => {
        if (
          event.callSid === openedAs &&
          typeof event.streamSid === 'string' &&
          event.streamSid &&
          event.streamSid !== openedAs
        ) {
          navigate(sessionPath(event.streamSid), { replace: true, state });
        }
      }),
    [on, openedAs, navigate, state],
  );
}
