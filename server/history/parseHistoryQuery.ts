/**
 * The query string of the history routes, narrowed (STYLE.md §13): search text and filters, page,
 * export format. Each problem is a 400 naming its parameter.
 */
import {
  EXPORT_FORMATS,
  type ExportFormat,
  HISTORY_FEEDBACK_FILTERS,
  HISTORY_LIMITS,
  type HistoryFeedbackFilter,
  type HistoryKind,
} from '../../shared/types/history.js';
import { invalidField } from '../core/AppError.js';
import { queryId, queryString, wholeNumber } from '../core/queryParams.js';
import type { HistoryFilters } from '../db/historyFilters.js';
import { parseSearchText } from './parseSearchText.js';

const PHONE_SHAPE = /^[\d\s+().-]{1,40}$/;
const PHONE_MAX_DIGITS = 20;
/** Year 275760, JavaScript's last date: any bound past it means "no bound" anyway. */
const MAX_TIME = 8_640_000_000_000_000;
const KINDS: Record<string, ReadonlyArray<HistoryKind>> = { all: ['call', 'chat'], calls: ['call'], chats: ['chat'] };

function phoneDigits(query: Record<string, unknown>): string | undefined {
  const raw = queryString(query, 'phone')?.trim();
  if (!raw) return undefined;
  if (!PHONE_SHAPE.test(raw)) throw invalidField('phone', 'must be digits, with spaces, +, (, ), - or . between them');
  const digits = raw.replace(/\D/g, '');
  if (digits.length < HISTORY_LIMITS.phoneMinDigits)
    throw invalidField('phone', `must have at least ${HISTORY_LIMITS.phoneMinDigits} digits`);
  if (digits.length > PHONE_MAX_DIGITS) throw invalidField('phone', `must have at most ${PHONE_MAX_DIGITS} digits`);
  return digits;
}

function kinds(query: Record<string, unknown>, narrowedTo: HistoryKind | null): ReadonlyArray<HistoryKind> {
  const raw = queryString(query, 'kind') ?? 'all';
  const asked = KINDS[raw];
  if (!asked) throw invalidField('kind', 'must be all, calls or chats');
  if (narrowedTo && !asked.includes(narrowedTo))
    throw invalidField('kind', `must be all or ${narrowedTo}s with these filters`);
  return narrowedTo ? [narrowedTo] : asked;
}

/** q, kind, agentId, webchatId, phone, from, to, success, feedback. */
export function parseHistoryFilters(query: Record<string, unknown>): HistoryFilters {
  const terms = parseSearchText(queryString(query, 'q') ?? '');
  // By shape: ids reach the search as bound values and, on SQLite, inside the MATCH string's scope keys.
  const agentId = queryId(query, 'agentId');
  const webchatId = queryId(query, 'webchatId');
  const phone = phoneDigits(query);
  if (agentId && webchatId) throw invalidField('webchatId', 'give an agent or a bot, not both');
  if (webchatId && phone) throw invalidField('phone', 'only calls have phone numbers, and a bot has chats');
  const feedback = feedbackFilter(query);
  if (feedback && (agentId || phone)) throw invalidField('feedback', 'only chats have rated answers');
  const narrowedTo: HistoryKind | null = agentId || phone ? 'call' : webchatId || feedback ? 'chat' : null;
  const from = query.from === undefined || query.from === '' ? undefined : wholeNumber(query, 'from', 0, 0, MAX_TIME);
  const to = query.to === undefined || query.to === '' ? undefined : wholeNumber(query, 'to', 0, 0, MAX_TIME);
  if (from !== undefined && to !== undefined && to < from) throw invalidField('to', 'must not be before from');
  const success = queryString(query, 'success') || undefined;
  if (success !== undefined && success !== 'pass' && success !== 'fail')
    throw invalidField('success', 'must be pass or fail');
  return {
    terms,
    kinds: kinds(query, narrowedTo),
    ...(agentId ? { agentId } : {}),
    ...(webchatId ? { webchatId } : {}),
    ...(phone ? { phoneDigits: phone } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(success ? { success } : {}),
    ...(feedback ? { feedback } : {}),
  };
}

/** feedback: any, down, up or comment (issue 25); '' or left out for no filter. */
function feedbackFilter(query: Record<string, unknown>): HistoryFeedbackFilter | undefined {
  const raw = queryString(query, 'feedback') || undefined;
  if (raw === undefined) return undefined;
  const filter = HISTORY_FEEDBACK_FILTERS.find((candidate) => candidate === raw);
  if (!filter) throw invalidField('feedback', 'must be any, down, up or comment');
  return filter;
}

/** limit (1 to HISTORY_LIMITS.maxPageSize, default `defaultLimit`) and offset (up to `maxOffset`). */
export function parsePage(
  query: Record<string, unknown>,
  defaultLimit: number,
  maxOffset: number,
): { limit: number; offset: number } {
  return {
    limit: wholeNumber(query, 'limit', defaultLimit, 1, HISTORY_LIMITS.maxPageSize),
    offset: wholeNumber(query, 'offset', 0, 0, maxOffset),
  };
}

/** format: csv (the default) or jsonl. */
export function parseFormat(query: Record<string, unknown>): ExportFormat {
  const raw = queryString(query, 'format') ?? 'csv';
  const format = EXPORT_FORMATS.find((candidate) => candidate === raw);
  if (!format) throw invalidField('format', 'must be csv or jsonl');
  return format;
}
