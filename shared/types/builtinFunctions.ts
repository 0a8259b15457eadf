import type { VoicemailAction } from '../callHandling.js';

/**
 * Built-in functions (issue 23): functions the server itself runs during a call, offered to the
 * model beside the agent's own tools when the agent turns them on. Their names are reserved: no
 * user tool may take one. Each has its settings under the agent's `builtinFunctions`.
 */

/** Names no user tool may take; each is one entry of server/voice/builtins/builtinFunctions.ts. */
export const BUILTIN_FUNCTION_NAMES = ['transfer_call', 'end_call', 'press_digits', 'search_knowledge'] as const;
export type BuiltinFunctionName = (typeof BUILTIN_FUNCTION_NAMES)[number];

/** True when `name` is a built-in function's (compared without case, as people read names). */
export function isReservedFunctionName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return (BUILTIN_FUNCTION_NAMES as readonly string[]).includes(lower);
}

/** A number `transfer_call` may move the call to. */
export interface TransferDestination {
  /** What the model passes as `destination`, and what the session shows ("Sales desk"). */
  name: string;
  /** E.164. */
  phoneNumber: string;
  /** When to choose it: text the model reads. */
  whenToUse: string;
}

export interface TransferCallSettings {
  enabled: boolean;
  destinations: TransferDestination[];
  /** Said to the caller, word for word, before the call moves. */
  transferLine: string;
}

export interface EndCallSettings {
  enabled: boolean;
}

/** `press_digits`: the model may press keys on the call (phone menus). */
export interface PressDigitsSettings {
  enabled: boolean;
}

/**
 * What an outbound call does when Twilio's answering machine detection hears a machine or a fax.
 * Not a function the model calls, but call handling the server does itself, set beside them.
 */
export interface VoicemailSettings {
  action: VoicemailAction;
  /** Said word for word after the beep when `action` is leave_message. */
  message: string;
}

/** An agent's built-in functions and their settings. */
export interface BuiltinFunctionSettings {
  transferCall: TransferCallSettings;
  endCall: EndCallSettings;
  pressDigits: PressDigitsSettings;
  voicemail: VoicemailSettings;
}

export const BUILTIN_FUNCTION_LIMITS = {
  maxDestinations: 10,
  destinationNameMaxLength: 60,
  whenToUseMaxLength: 500,
  transferLineMaxLength: 500,
  /** The voicemail message is said with TwiML `<Say>`, which a call update carries inline (≤ 4000 chars). */
  voicemailMessageMaxLength: 1000,
} as const;

export const DEFAULT_TRANSFER_LINE = 'Please hold while I transfer your call.';

export const BUILTIN_FUNCTION_DEFAULTS: BuiltinFunctionSettings = {
  transferCall: { enabled: false, destinations: [], transferLine: DEFAULT_TRANSFER_LINE },
  endCall: { enabled: false },
  pressDigits: { enabled: false },
  voicemail: { action: 'off', message: '' },
};

/** How a call was handed on (issue 23), shown on its session. */
export interface CallTransfer {
  /** The destination's name, or the number an operator typed. */
  destination: string;
  phoneNumber: string;
  reason: string;
  /** `agent`: the model called transfer_call; `operator`: someone pressed Transfer. */
  by: 'agent' | 'operator';
  /** Twilio's DialCallStatus once the dial ended (completed, busy, no-answer, failed, canceled); null until then. */
  dialStatus: string | null;
}
