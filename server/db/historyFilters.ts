/**
 * What a history search or export is asked for, once the query string is checked
 * (parseHistoryQuery.ts): the terms, which kinds it looks through, and the filters. An agent or a
 * phone number means calls only, a bot means chats only; the parser makes `kinds` say so.
 */
import type { HistoryFeedbackFilter, HistoryKind, HistorySpeaker } from '../../shared/types/history.js';
import type { SearchTerm } from './historyQuery.js';

export interface HistoryFilters {
  /** Empty: a search without words, listing calls and chats by the filters alone. */
  terms: SearchTerm[];
  /** At least one. */
  kinds: ReadonlyArray<HistoryKind>;
  agentId?: string;
  webchatId?: string;
  /** Digits a call's from or to number contains. */
  phoneDigits?: string;
  /** Millisecond bounds, inclusive. */
  from?: number;
  to?: number;
  /** Only calls and chats whose post-call analysis gave this verdict (issue 21). */
  success?: 'pass' | 'fail';
  /** Only chats with an answer the visitor rated this way (issue 25). */
  feedback?: HistoryFeedbackFilter;
}

export const includes = (filters: Pick<HistoryFilters, 'kinds'>, kind: HistoryKind) => filters.kinds.includes(kind);

/** A stored message type (calls) or role (chats) as the speaker a reader knows. */
export function speakerOf(kind: HistoryKind, role: string): HistorySpeaker {
  if (kind === 'call') return role === 'user' ? 'caller' : role === 'function' ? 'function' : 'agent';
  return role === 'user' ? 'visitor' : role === 'tool' ? 'tool' : 'bot';
}
