import { TRANSCRIPT_TEXTS } from '../../components/transcript/transcriptTexts.js';

/** Every text of the sessions screens: the spec's verbatim (part 1 §2, §8), then our own labels. */
export const SESSION_TEXTS = {
  heading: 'Sessions',
  activeHeading: 'Active Sessions',
  endedHeading: 'Ended Sessions',
  connected: 'Connected',
  disconnected: 'Disconnected',
  refresh: 'Refresh sessions',
  refreshEnded: 'Refresh ended sessions',
  exportEnded: 'Export ended calls',
  lastRefreshed: 'Last refreshed',
  noActive: 'No active sessions found',
  noEnded: 'No ended sessions found',
  fetchFailed: 'Failed to fetch sessions',
  endedFetchFailed: 'Failed to fetch ended sessions',
  loadingActive: 'Loading sessions...',
  loadingEnded: 'Loading ended sessions...',
  newestFirst: 'Newest first',
  oldestFirst: 'Oldest first',
  openSession: 'open session',

  sessionEnded: 'Session Ended',
  activeSession: 'Active Session',
  endSession: 'End Session',
  endingSession: 'Ending...',
  endFailed: 'Failed to end session',
  endConfirmTitle: 'End this session?',
  endConfirm: (number: string) => `This hangs up the call with ${number} for both sides, at once. It cannot be undone.`,
  endRingingConfirm: (number: string) => `This cancels the call to ${number} before it is answered.`,
  ringing: 'Ringing',
  back: 'Back to sessions',
  detailHeading: 'Session Details',
  notFound: 'Session not found',
  detailFailed: 'Failed to fetch session details',
  loadingDetail: 'Loading session...',
  ...TRANSCRIPT_TEXTS,
  tool: 'Tool',
  arguments: 'Arguments',
  output: 'Output',
  close: 'Close',
} as const;

/** Column headers of both tables (spec part 1 §2). */
export const COLUMN = {
  agent: 'Agent',
  callType: 'Call Type',
  from: 'From',
  to: 'To',
  startTime: 'Start Time',
  endTime: 'End Time',
  duration: 'Duration',
} as const;

/** The call figures card (issue 21); '—' stands for a figure not measured. */
export const FIGURES_TEXTS = {
  heading: 'Figures',
  latencyP50: 'Turn latency p50',
  latencyP95: 'Turn latency p95',
  turns: 'Measured turns',
  interruptions: 'Interruptions',
  inputTokens: 'Input tokens (text / audio)',
  cachedTokens: 'Cached tokens (text / audio)',
  outputTokens: 'Output tokens (text / audio)',
  modelCost: 'Model cost',
  telephonyCost: 'Telephony cost',
  totalCost: 'Total cost',
  pricedAs: (model: string) => `Model ${model}, at the prices in force when the call started.`,
} as const;
