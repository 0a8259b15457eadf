/** A session's `answeredBy` on the wire (issue 23): present only when Twilio told who answered. */
import type { AnsweredBy } from '../../shared/callHandling.js';

const STORED: readonly string[] = ['human', 'machine', 'fax', 'unknown'] satisfies AnsweredBy[];

export function answeredByField(stored: string | null): { answeredBy?: AnsweredBy } {
  return stored !== null && STORED.includes(stored) ? { answeredBy: stored as AnsweredBy } : {};
}
