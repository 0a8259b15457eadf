/**
 * Webhook delivery (issue 22; README "Webhooks"). WEBHOOK_TIMEOUT_MS and WEBHOOK_CONCURRENCY come
 * from the environment (server/config.ts); the schedule and timings are fixed here and tests may
 * override them.
 */
export interface WebhookConfig {
  /** WEBHOOK_TIMEOUT_MS: how long one try waits for the receiver's answer. */
  timeoutMs: number;
  /** WEBHOOK_CONCURRENCY: tries this instance has in flight at once, all users together. */
  concurrency: number;
  /**
   * Waits before each retry after a failed try: Standard Webhooks' suggested schedule up to 10 h,
   * about 18 hours in all; after the last one fails the delivery is failed.
   */
  retryScheduleMs: readonly number[];
  /** How often an instance looks for due deliveries (an instance that emits one sends it at once). */
  pollMs: number;
  /** A claim older than this belongs to an instance that died: longer than any one try takes. */
  leaseMs: number;
  /** How long a rotated-out secret keeps signing beside the new one. */
  rotationOverlapMs: number;
  /** How long the recording link in a payload opens the recording. */
  recordingLinkTtlMs: number;
  /** How often quiet chats (chat.conversation.ended) and unannounced call ends are looked for. */
  chatScanMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const WEBHOOK_DEFAULTS: WebhookConfig = {
  timeoutMs: 10 * SECOND,
  concurrency: 16,
  retryScheduleMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR],
  pollMs: 500,
  leaseMs: 2 * MINUTE,
  rotationOverlapMs: 24 * HOUR,
  recordingLinkTtlMs: 7 * 24 * HOUR,
  chatScanMs: 15 * SECOND,
};
