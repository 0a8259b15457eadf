/** Texts of the transcript (spec part 1 §2 "Session detail"), wherever a call's transcript is shown. */
export const TRANSCRIPT_TEXTS = {
  transcript: 'Transcript',
  noMessages: 'No messages in this session yet',
  loadingMessages: 'Loading messages...',
  jumpToLatest: 'Jump to latest',
  /** Issue 21: an agent line's time from the caller's end of speech to its first audio. */
  latency: 'Latency',
  /** Issue 21: how long a tool call ran. */
  took: 'Took',
  /** Issue 21: a line's button that plays the call's recording from where the line starts. */
  playFrom: (place: string) => `Play from ${place}`,
} as const;
