/**
 * What a Realtime `error` event means for the call: one the call survives, the session's time
 * limit, one after which the session can't go on, or any other (logged, the call goes on).
 */
import type { RealtimeError } from './realtimeProtocol.js';

/** Errors the call survives (VOICE.md §2.6, §3.3). */
const HARMLESS_ERRORS = new Set(['response_cancel_not_active', 'conversation_already_has_active_response']);
/** Errors after which the session can't go on (VOICE.md §2.2, §3.4). */
const FATAL_ERRORS = new Set([
  'invalid_api_key',
  'insufficient_quota',
  'account_deactivated',
  'billing_hard_limit_reached',
  'beta_api_shape_disabled',
]);

export type RealtimeErrorKind = 'harmless' | 'expired' | 'fatal' | 'other';

export function realtimeErrorKind(error: RealtimeError): RealtimeErrorKind {
  const code = error.code ?? '';
  if (HARMLESS_ERRORS.has(code) || /already shorter/i.test(error.message)) return 'harmless';
  if (code === 'session_expired') return 'expired';
  if (FATAL_ERRORS.has(code)) return 'fatal';
  return 'other';
}
