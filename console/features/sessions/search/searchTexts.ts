/** Texts of the Sessions page's history search (issue 11; not in the spec). */
export const SEARCH_TEXTS = {
  heading: 'Search calls and chats',
  words: 'Words',
  wordsPlaceholder: 'order number, "exact phrase", refun*',
  wordsHint: 'Every word must appear; quotes keep a phrase together; * ends a prefix.',
  kind: 'Look in',
  kinds: { all: 'Calls and chats', calls: 'Calls', chats: 'Chats' },
  source: 'Agent or bot',
  anySource: 'Any agent or bot',
  agentPrefix: 'Agent',
  botPrefix: 'Bot',
  phone: 'Phone number',
  from: 'From',
  to: 'To',
  success: 'Success',
  successes: { any: 'Any result', pass: 'Pass', fail: 'Fail' },
  /** Visitors' feedback on a chat's answers (issue 25). */
  feedback: 'Feedback',
  feedbacks: {
    all: 'Any',
    any: 'Rated answers',
    down: 'Thumbs down',
    up: 'Thumbs up',
    comment: 'With comment',
  },
  search: 'Search',
  filters: 'Filters',
  filtersCount: (n: number) => `Filters (${n})`,
  clear: 'Clear search',
  results: 'Results',
  loading: 'Searching...',
  failed: 'The search failed',
  none: 'No calls or chats match',
  noneHint: 'Try fewer words, a prefix such as refun*, or a wider date range.',
  /** With words, a result is a matching message (one call can match several times); without, a call or chat. */
  count: (total: number, more: boolean, words: boolean) => {
    const noun = words
      ? total === 1 && !more
        ? 'matching message'
        : 'matching messages'
      : total === 1 && !more
        ? 'result'
        : 'results';
    return more ? `More than ${total.toLocaleString()} ${noun}` : `${total.toLocaleString()} ${noun}`;
  },
  call: 'Call',
  chat: 'Chat',
  speakers: { caller: 'Caller', agent: 'Agent', function: 'Function', visitor: 'Visitor', bot: 'Bot', tool: 'Tool' },
  exportLabel: 'Export search results',
  nouns: { one: 'call or chat', many: 'calls and chats' },
  open: (kind: 'call' | 'chat') => (kind === 'call' ? 'open call' : 'open chat'),
} as const;
