import type { HistoryParent } from '../db/historyParents.js';

/**
 * The order of calls and chats listed without words: newest start first, then by kind and id, the
 * same order the keyset pages of db/historyParents.ts follow (so a merge of both lists is stable).
 */
export function newestFirst(a: HistoryParent, b: HistoryParent): number {
  if (a.startedAt !== b.startedAt) return b.startedAt - a.startedAt;
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
