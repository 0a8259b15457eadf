/**
 * Keypad and voicemail (issue 23): the values their settings take (stored with the built-in
 * functions, types/builtinFunctions.ts) and the session facts they add, shared by the server
 * (validation, the bridge) and the console (the agent page's section, the session page).
 */

/** What an outbound call does when Twilio's answering machine detection hears a machine or a fax. */
export const VOICEMAIL_ACTIONS = ['off', 'hang_up', 'leave_message'] as const;
export type VoicemailAction = (typeof VOICEMAIL_ACTIONS)[number];

/** Who answered an outbound call, as the session shows it ("Answered by: …"). */
export type AnsweredBy = 'human' | 'machine' | 'fax' | 'unknown';

export const CALL_HANDLING_LIMITS = {
  /** Twilio's limit on digits played in one go (VOICE.md §14.6). */
  maxDigits: 32,
} as const;

/** Digits Twilio can play: 0-9, * and #, A-D, and the pauses w (0.5 s) and W (1 s) (VOICE.md §14.6). */
export const DTMF_SEQUENCE = /^[0-9*#A-DwW]+$/;

/** What `problem` says is wrong with `digits`, or null when Twilio can play them. */
export function digitsProblem(digits: string): string | null {
  if (digits === '') return 'must hold at least one digit';
  if (digits.length > CALL_HANDLING_LIMITS.maxDigits) return `must hold at most ${CALL_HANDLING_LIMITS.maxDigits} keys`;
  if (!DTMF_SEQUENCE.test(digits)) return 'may hold only 0-9, *, #, A-D, w and W';
  return null;
}

/** Twilio's AnsweredBy values (VOICE.md §14.7) as the session shows them; null for values it does not know. */
export function answeredByOf(twilioValue: string): AnsweredBy | null {
  if (twilioValue === 'human' || twilioValue === 'unknown' || twilioValue === 'fax') return twilioValue;
  if (twilioValue.startsWith('machine_')) return 'machine';
  return null;
}
