/** How long a session has run, for the tables, the info card and End Session. */
import { formatDateTime, parseTimestamp } from '../../../shared/format.js';
import type { CallSession } from '../../../shared/types/session.js';

const seconds = (from: number, to: number) => Math.max(0, Math.floor((to - from) / 1000));

/**
 * Seconds of a session: while open, now − start (a duration the server sent mid-call is already
 * stale); once ended, the stored duration, else end − start. A start time that is not a valid
 * timestamp counts as no time at all.
 */
export function sessionSeconds(session: CallSession, now: number): number {
  const open = isOpen(session);
  if (!open && typeof session.duration === 'number' && Number.isFinite(session.duration))
    return Math.max(0, session.duration);
  const start = parseTimestamp(session.startTime)?.getTime();
  if (start === undefined) return 0;
  const end = open ? now : (parseTimestamp(session.endTime ?? null)?.getTime() ?? start);
  return seconds(start, end);
}

/** True while the session has no end time (spec part 1 §2: End Session shows until then). */
export function isOpen(session: CallSession): boolean {
  return session.endTime === null || session.endTime === undefined;
}

/** An outbound call not answered yet: it has rung, not run, so it shows no duration. */
export function isRinging(session: CallSession): boolean {
  return session.ringing === true && isOpen(session);
}

/** The session as it stands once ended at `endTime`, with the event's duration when it gave one. */
export function endedCopy(session: CallSession, endTime: number, duration?: number): CallSession {
  const { ringing: _ringing, ...rest } = session;
  return {
    ...rest,
    active: false,
    endTime,
    duration: duration ?? sessionSeconds({ ...rest, duration: null, endTime }, endTime),
  };
}

/** A time cell: the date and time, or '—' while there is none yet (an open session's end). */
export function timeText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatDateTime(value);
}
