/** Texts of the session page's recording card (issue 21). */
export const RECORDING_TEXTS = {
  heading: 'Recording',
  none: 'No recording',
  off: 'Recording was off for this call.',
  /** Before the agent's name, which links to the agent page. */
  offHint: 'Recording is a per-agent setting: turn on Record calls in the Advanced Settings of',
  failed: 'The recording failed',
  recording: 'Recording… (available when the call ends)',
  loading: 'Loading recording...',
  linkFailed: 'Failed to load the recording',
  /** The audio element could not play what the server sent. */
  playFailed: 'The recording could not be played',
  player: 'Call recording',
  timeline: 'Turns on the recording',
  channels: 'Channels',
  both: 'Both (stereo)',
  callerOnly: 'Caller only',
  agentOnly: 'Agent only',
  channelsUnsupported: 'This browser cannot play one side alone.',
  download: 'Download WAV',
  caller: 'Caller',
  agent: 'Agent',
  /** A marker of the timeline and a line's play button: 'Caller at 0:12'. */
  at: (speaker: string, clock: string) => `${speaker} at ${clock}`,
  playFrom: (clock: string) => `Play from ${clock}`,
} as const;
