/**
 * What a Realtime `error` event means for the call: one the call survives, the session's time
 * limit, one after which the session can't go on, or any other (logged, the call goes on).
 */
import type { FastifyBaseLogger } from 'fastify';
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

/** What a call does about an `error` event. */
export interface RealtimeErrorResponse {
  streamSid: string;
  log: FastifyBaseLogger;
  /** False while the session is being configured: any error then means the configuration failed. */
  configured: boolean;
  /** Our response.create met one the server started on its own (after a tool output, say). */
  requestRefused: () => void;
  /** The session reached its time limit. */
  expired: () => void;
  /** The session can't go on: end the call politely, saying why in the log. */
  fail: (why: string) => void;
}

/** Applies the call's error policy to one Realtime `error` event. */
export function onRealtimeError(error: RealtimeError, call: RealtimeErrorResponse): void {
  const code = error.code ?? '';
  const context = { streamSid: call.streamSid, code, message: error.message, param: error.param };
  if (!call.configured) return call.fail(`the Realtime API refused the configuration (${code}: ${error.message})`);
  // That one answers, so ours is simply dropped (VOICE.md §3.3).
  if (code === 'conversation_already_has_active_response') call.requestRefused();
  const kind = realtimeErrorKind(error);
  if (kind === 'harmless') {
    call.log.debug(context, 'harmless Realtime error');
    return;
  }
  if (kind === 'expired') {
    call.log.info(context, 'the Realtime session reached its time limit');
    return call.expired();
  }
  if (kind === 'fatal') return call.fail(`${code}: ${error.message}`);
  call.log.warn(context, 'Realtime error');
}
