/**
 * The one table from a stable error code to the HTTP status it answers with (STYLE.md §12). Code
 * below the HTTP edge throws core/AppError with a code and no status; errorHandler looks it up
 * here. A Record over the closed ErrorCode union, so a code without a status does not compile.
 */
import type { ErrorCode } from '../../shared/errors.js';

export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  // Not 401: the console would take a wrong current password for its own session ending.
  wrong_password: 400,
  agent_has_no_number: 400,
  missing_credentials: 400,
  // A provider refusing the user's key is the user's to fix in Settings, and never a 401 (as above).
  twilio_auth_failed: 400,
  twilio_error: 400,
  openai_auth_failed: 400,
  openai_request_rejected: 400,
  aborted: 400,
  invalid_url: 400,
  blocked_address: 400,
  robots_disallowed: 400,
  not_html: 400,
  no_content: 400,

  unauthorized: 401,
  invalid_credentials: 401,
  token_expired: 401,

  forbidden: 403,
  impersonation_denied: 403,
  quota_exceeded: 403,

  not_found: 404,
  conflict: 409,
  call_already_answered: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  document_has_no_text: 422,
  document_unreadable: 422,

  rate_limited: 429,
  openai_quota_exceeded: 429,
  too_many_crawls: 429,
  too_many_summaries: 429,
  bot_rate_limited: 429,
  visitor_busy: 429,
  bot_busy: 429,
  owner_busy: 429,
  server_busy: 429,

  internal_error: 500,
  upstream_error: 502,
  crawl_failed: 502,

  sandbox_unavailable: 503,
  database_unavailable: 503,
  call_instance_unavailable: 503,
  bot_unavailable: 503,
  crawler_busy: 503,
};
