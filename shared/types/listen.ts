/**
 * Listen in and take over (issue 23): an operator's browser on a live call. One WebSocket at
 * `LISTEN_PATH(streamSid)`, signed in like the console's socket (the `bearer.<token>`
 * subprotocol or `?token=`, and `?impersonate=` for an admin), for the owner's open calls only.
 *
 * Server → browser binary frames: one byte naming the side (LISTEN_SIDE), then that side's audio
 * in the format `ready` names (the caller leg's own: μ-law 8 kHz for a phone call), as the bridge
 * relays it, about 20 ms a frame. The browser decodes and mixes them.
 * Browser → server binary frames (only while this operator holds the call): microphone audio in
 * the same format, at most MAX_OPERATOR_FRAME_MS a frame, no faster than real time.
 * Text frames: one JSON message each, below. Take over and hand back are the REST routes
 * POST /api/sessions/take-over and /api/sessions/hand-back; the socket carries only audio.
 */

export const LISTEN_PATH = (streamSid: string): string => `/api/sessions/${encodeURIComponent(streamSid)}/listen`;

export type ListenSide = 'caller' | 'agent' | 'operator';

/** The first byte of a server frame. */
export const LISTEN_SIDE: Readonly<Record<ListenSide, number>> = { caller: 0, agent: 1, operator: 2 };

/** The audio of both directions: the caller leg's format. */
export type ListenAudioFormat = 'audio/pcmu' | 'audio/pcma' | 'audio/pcm';

/** Server → browser. */
export type ListenServerMessage =
  /** Listening: frames follow in `format` at `sampleRate`. */
  | { type: 'ready'; format: ListenAudioFormat; sampleRate: number }
  /** The call ended; the server closes the socket after it. */
  | { type: 'ended' };

/** The most audio one operator frame may carry. */
export const MAX_OPERATOR_FRAME_MS = 100;

/** Close codes of the listen socket besides 1000, 4001 (sign-in needed) and 4003 (impersonation refused). */
export const LISTEN_CLOSE = {
  /** Not one of the owner's open calls. */
  notFound: 4004,
  /** A frame the protocol does not allow (audio while not holding the call, faster than real time). */
  badFrames: 4008,
  /** The call runs on another server instance (see the README, "Listen in and take over"). */
  otherInstance: 4009,
  /** The call already has as many listeners as it may. */
  full: 4029,
} as const;
