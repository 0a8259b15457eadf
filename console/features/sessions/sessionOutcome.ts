/** How a call was handed on or ended (issue 23), as the session page says it. */

import type { AnsweredBy } from '../../../shared/callHandling.js';
import { formatPhone } from '../../../shared/format.js';
import type { CallSession } from '../../../shared/types/session.js';

const DIAL_RESULTS: Record<string, string> = {
  completed: 'answered',
  answered: 'answered',
  busy: 'busy',
  'no-answer': 'no answer',
  failed: 'failed',
  canceled: 'canceled',
};

/** 'Sales desk (+1 415…) by the agent: wants a quote · answered'; null when the call was not transferred. */
export function transferText(session: CallSession): string | null {
  const t = session.transfer;
  if (!t) return null;
  const by = t.by === 'operator' ? 'by an operator' : 'by the agent';
  const reason = t.reason ? `: ${t.reason}` : '';
  const result = t.dialStatus ? ` · ${DIAL_RESULTS[t.dialStatus] ?? t.dialStatus}` : '';
  return `${t.destination} (${formatPhone(t.phoneNumber)}) ${by}${reason}${result}`;
}

/** Said only for the ends people ask about; the others read from the transcript. */
export function endReasonText(session: CallSession): string | null {
  if (session.endReason === 'ended_by_agent') return 'Ended by the agent';
  if (session.endReason === 'transferred') return 'Transferred';
  return null;
}

const ANSWERED_BY: Record<AnsweredBy, string> = { human: 'Human', machine: 'Machine', fax: 'Fax', unknown: 'Unknown' };

/** Who picked up an outbound call, as Twilio's answering machine detection judged it; null when nobody asked Twilio. */
export function answeredByText(session: CallSession): string | null {
  return session.answeredBy ? ANSWERED_BY[session.answeredBy] : null;
}
