/**
 * Talk: an operator speaks to an agent from the browser (issue 20). The browser is the caller's
 * leg of an ordinary voice call, in place of Twilio's Media Stream: one WebSocket at
 * `TALK_PATH(agentId)`, authenticated like the console's socket (the `bearer.<token>` subprotocol
 * or `?token=`, and `?impersonate=` for an admin). The call is a session like a phone call's
 * (`callType: 'web'`, From = the operator's username); its transcript and tool calls reach the
 * console over the console's own socket as for any session.
 *
 * Binary frames, both ways: audio in the `format` that `ready` names, 20 ms a frame (160 bytes
 * of μ-law or A-law at 8 kHz; PCM16 little-endian at `sampleRate` with `highQuality`).
 * Text frames: one JSON message each, below.
 */

/** The Talk socket of an agent. */
export const TALK_PATH = (agentId: string): string => `/api/agents/${encodeURIComponent(agentId)}/talk`;

/** The audio the browser sends and receives: the agent's own format, or PCM16 with `highQuality`. */
export type TalkAudioFormat = 'g711_ulaw' | 'g711_alaw' | 'pcm16';

/** Browser → server. */
export type TalkClientMessage =
  /**
   * The first message: starts the call. `settings` are the page's unsaved agent fields (the body of
   * a PATCH /api/agents/{id}, checked exactly like one), used for this call and never stored.
   */
  | { type: 'start'; settings?: Record<string, unknown>; highQuality?: boolean }
  /** The audio up to the server's mark `name` has been played (Twilio's mark echo). */
  | { type: 'mark'; name: string }
  /** The operator hung up. */
  | { type: 'hangup' };

/** Server → browser. */
export type TalkServerMessage =
  /** The call is live: send microphone audio in `format`; `unsaved` says the page's edits are used. */
  | {
      type: 'ready';
      sessionId: string;
      format: TalkAudioFormat;
      sampleRate: number;
      frameMs: 20;
      unsaved: boolean;
    }
  /** Played up to here: answer with the same mark once the audio before it has been played. */
  | { type: 'mark'; name: string }
  /** The caller spoke over the agent: stop playback at once and drop the audio queued. */
  | { type: 'clear' }
  /** The call ended (`reason` for people); the server closes the socket after it. */
  | { type: 'ended'; reason: string };

/**
 * The largest message the server takes on any WebSocket (its config's wsMaxPayloadBytes; a larger
 * one is closed with TALK_CLOSE.messageTooBig). Only `start` comes near it, with the page's unsaved
 * settings: the console checks that frame against this before it connects.
 */
export const TALK_MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * Close codes of the Talk socket besides 1000: the console's 4001 (sign-in needed) and 4003
 * (impersonation refused), and these.
 */
export const TALK_CLOSE = {
  /** The agent is not the caller's, or does not exist. */
  agentNotFound: 4004,
  /** A malformed or unexpected frame, or frames faster than real time. */
  badFrames: 4008,
  /** The `start` settings failed the PATCH checks; the reason names the field. */
  invalidSettings: 4022,
  /** The user already has as many live browser calls as allowed. */
  tooManyCalls: 4029,
  /** No OpenAI key in Settings, or OpenAI refused the session. */
  unavailable: 4503,
  /** A message over TALK_MAX_MESSAGE_BYTES (RFC 6455 "Message Too Big", said by the WebSocket server itself). */
  messageTooBig: 1009,
} as const;
