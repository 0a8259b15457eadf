/** What a call's bridge needs from the app, and what it knows about its call. */

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../core/types.js';
import type { SecretBox } from '../crypto/SecretBox.js';
import type { Database } from '../db/schema.js';
import type { McpClient } from '../mcp/McpClient.js';
import type { ConnectionRegistry } from '../realtime/ConnectionRegistry.js';
import type { RecordingStore } from '../recordings/RecordingStore.js';
import type { Sandbox } from '../sandbox/types.js';
import type { WebhookEvents } from '../webhooks/WebhookEvents.js';
import type { RealtimeModelMap } from './realtimeModels.js';

export interface BridgeDeps {
  db: Kysely<Database>;
  sandbox: Sandbox;
  secretBox: SecretBox;
  /** The consoles' real-time connections: call events go to the owner's. */
  realtime: ConnectionRegistry;
  config: { openaiBaseUrl: string; realtimeModels: RealtimeModelMap; publicUrl: string; twilioApiBaseUrl: string };
  clock: Clock;
  log: FastifyBaseLogger;
  /** Stored on the call's session, so only a gone instance's sessions are closed as orphans. */
  instanceId: string;
  /** Where calls' recordings are kept (issue 21). */
  recordings: RecordingStore;
  /** Calls MCP tools (issue 22). */
  mcp: McpClient;
  /** Queues the owner's call.started and call.ended webhooks (issue 22). */
  webhookEvents: Pick<WebhookEvents, 'callStarted' | 'callEnded'>;
}

export type CallDirection = 'inbound' | 'outbound';
/** A phone call's direction, or `web`: an operator talking to an agent from the browser (issue 20). */
export type CallKind = CallDirection | 'web';

/**
 * A call the server checked: its ids and who it belongs to. A phone call's come from the stream
 * Twilio opened; a browser call has no Twilio call (`callSid` is empty) and its own `streamSid`.
 */
export interface CallContext {
  streamSid: string;
  callSid: string;
  userId: string;
  agentId: string;
  callType: CallKind;
  from: string;
  to: string;
}

/** Why a call ended, for the log. */
export type EndReason =
  | 'caller_hung_up'
  | 'twilio_closed'
  | 'browser_closed'
  | 'ended_by_user'
  | 'realtime_closed'
  | 'realtime_expired'
  | 'realtime_failed'
  | 'not_configured'
  | 'server_shutdown'
  /** The model called end_call (issue 23). */
  | 'ended_by_agent'
  /** The call moved to another number (transfer_call or the operator's Transfer, issue 23). */
  | 'transferred'
  /** An answering machine picked up an outbound call: the message was left, or the call hung up (issue 23). */
  | 'voicemail_left'
  | 'voicemail_hung_up';
