/**
 * The history search in the Sessions page's address (/sessions?q=…&kind=…), so results survive a
 * reload, can be shared, and are still there after opening one and pressing Back. Dates are the
 * user's local days; the server gets them as millisecond bounds (from midnight to the day's end).
 */
import {
  HISTORY_FEEDBACK_FILTERS,
  type HistoryFeedbackFilter,
  type HistoryKindFilter,
  type HistorySearchQuery,
} from '../../../../shared/types/history.js';

export interface SearchForm {
  q: string;
  kind: HistoryKindFilter;
  /** 'any', 'agent:<id>' or 'bot:<id>'. */
  source: string;
  phone: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  /** The post-call analysis verdict: 'any', 'pass' or 'fail'. */
  success: SuccessFilter;
  /** Visitors' feedback on answers (issue 25): 'all' for no filter, else the API's filter. */
  feedback: FeedbackChoice;
}

export type SuccessFilter = 'any' | 'pass' | 'fail';
export type FeedbackChoice = 'all' | HistoryFeedbackFilter;

export const EMPTY_FORM: SearchForm = {
  q: '',
  kind: 'all',
  source: 'any',
  phone: '',
  from: '',
  to: '',
  success: 'any',
  feedback: 'all',
};
const SUCCESS: readonly SuccessFilter[] = ['pass', 'fail'];

const KINDS: readonly HistoryKindFilter[] = ['all', 'calls', 'chats'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function formFromParams(params: URLSearchParams): SearchForm {
  const kind = params.get('kind');
  const agent = params.get('agentId');
  const bot = params.get('webchatId');
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    q: params.get('q') ?? '',
    kind: KINDS.find((k) => k === kind) ?? 'all',
    source: agent ? `agent:${agent}` : bot ? `bot:${bot}` : 'any',
    phone: params.get('phone') ?? '',
    from: date('from'),
    to: date('to'),
    success: SUCCESS.find((value) => value === params.get('success')) ?? 'any',
    feedback: HISTORY_FEEDBACK_FILTERS.find((value) => value === params.get('feedback')) ?? 'all',
  };
}

/** The address of a search; empty when nothing is asked (the results go away). */
export function paramsFromForm(
  form: SearchForm,
  page: { limit: number; offset: number } | null = null,
): URLSearchParams {
  const params = new URLSearchParams();
  if (form.q.trim()) params.set('q', form.q.trim());
  if (form.kind !== 'all') params.set('kind', form.kind);
  if (form.source.startsWith('agent:')) params.set('agentId', form.source.slice(6));
  if (form.source.startsWith('bot:')) params.set('webchatId', form.source.slice(4));
  if (form.phone.trim()) params.set('phone', form.phone.trim());
  if (form.from) params.set('from', form.from);
  if (form.to) params.set('to', form.to);
  if (form.success !== 'any') params.set('success', form.success);
  if (form.feedback !== 'all') params.set('feedback', form.feedback);
  if (params.toString() !== '' && page) {
    if (page.offset > 0) params.set('offset', String(page.offset));
    if (page.limit !== DEFAULT_LIMIT) params.set('limit', String(page.limit));
  }
  return params;
}

export const DEFAULT_LIMIT = 10;

const wholeOr = (value: string | null, fallback: number) => (value && /^\d+$/.test(value) ? Number(value) : fallback);

/** The page the address asks for. */
export function pageFromParams(params: URLSearchParams): { limit: number; offset: number } {
  return { limit: wholeOr(params.get('limit'), DEFAULT_LIMIT), offset: wholeOr(params.get('offset'), 0) };
}

/** A local day's first or last millisecond. */
const dayBound = (day: string, end: boolean) => new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).getTime();

/** The API query of a search in the address; null when the address asks for none. */
export function queryFromParams(params: URLSearchParams): HistorySearchQuery | null {
  const form = formFromParams(params);
  if (paramsFromForm(form).toString() === '') return null;
  const query: HistorySearchQuery = { ...pageFromParams(params) };
  if (form.q.trim()) query.q = form.q.trim();
  if (form.kind !== 'all') query.kind = form.kind;
  if (form.source.startsWith('agent:')) query.agentId = form.source.slice(6);
  if (form.source.startsWith('bot:')) query.webchatId = form.source.slice(4);
  if (form.phone.trim()) query.phone = form.phone.trim();
  if (form.from) query.from = dayBound(form.from, false);
  if (form.to) query.to = dayBound(form.to, true);
  if (form.success !== 'any') query.success = form.success;
  if (form.feedback !== 'all') query.feedback = form.feedback;
  return query;
}
