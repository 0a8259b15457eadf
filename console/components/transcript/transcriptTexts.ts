/** Texts of the transcript (spec part 1 §2 "Session detail"), wherever a call's transcript is shown. */
export const TRANSCRIPT_TEXTS = {
  transcript: 'Transcript',
  noMessages: 'No messages in this session yet',
  loadingMessages: 'Loading messages...',
  jumpToLatest: 'Jump to latest',
} as const;
