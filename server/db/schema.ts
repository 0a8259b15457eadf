/**
 * Table types of the Kysely query layer. Timestamps are integer milliseconds, ids are UUID text.
 * Later steps add their tables here (agents, tools, custom values…) next to a migration.
 * One file on purpose, though long: Kysely takes the whole database as one `Database` interface,
 * and every table read beside the others is how a migration's author checks what it changes.
 */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  username: string;
  /** shared/usernames.ts usernameKey(username), unique: usernames are unique regardless of case (migration 008). */
  username_key: string;
  email: string | null;
  password_hash: string;
  role: string;
  /** Bumped by a password change so every access token issued before it stops working. */
  token_version: number;
  created_at: number;
  updated_at: number;
}

export interface RefreshTokensTable {
  id: string;
  /** All tokens rotated from one sign-in share a family; replay of a used one revokes it. */
  family_id: string;
  user_id: string;
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface AccountSettingsTable {
  user_id: string;
  /** AES-256-GCM ciphertexts (see server/crypto/SecretBox.ts); null when unset. */
  openai_api_key: string | null;
  twilio_account_sid: string | null;
  twilio_auth_token: string | null;
  /** SecretBox.lookupHash of the plain account SID, to find its users without decrypting (migration 014). */
  twilio_account_sid_hash: string | null;
  updated_at: number;
}

export interface AuditLogTable {
  id: string;
  actor_id: string;
  target_id: string;
  method: string;
  path: string;
  created_at: number;
}

export interface ToolsTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  type: string;
  /** JSON text of the tool's JSON-schema parameters object. */
  parameters: string;
  handler_code: string;
  created_at: number;
  updated_at: number;
}

/** One named string per (user_id, name). */
export interface CustomValuesTable {
  user_id: string;
  name: string;
  value: string;
  created_at: number;
  updated_at: number;
}

/** A voice agent (spec part 1 §3). Booleans are 0/1 integers (migration 003). */
export interface AgentsTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  instructions: string;
  system_message: string;
  voice: string;
  /** E.164; unique per user, set only through the phone associations. */
  phone_number: string | null;
  /** The Twilio account that confirmed it owns phone_number; (phone_account_sid, phone_number) is unique (migration 008). */
  phone_account_sid: string | null;
  speak_first: number;
  transcription: number;
  transcription_model: string;
  transcription_language: string;
  transcription_prompt: string;
  noise_reduction: string;
  input_audio_format: string;
  output_audio_format: string;
  temperature: number;
  response_output_tokens_limit: number;
  max_response_output_tokens: number;
  model: string;
  turn_detection_type: string;
  prefix_padding_ms: number;
  silence_duration_ms: number;
  threshold: number;
  eagerness: string;
  /** Keep history of its calls (migration 013): null forever, 0 not kept once ended, else days. */
  keep_history_days: number | null;
  /** 0/1: its calls are recorded (migration 019). */
  record_calls: number;
  /**
   * JSON of its built-in functions' settings, keypad and voicemail included (migrations 029 and
   * 033, agents/builtinFunctionSettings.ts).
   */
  builtin_functions: string;
  /** JSON list of the webchat ids whose knowledge its calls may search (migration 037). */
  knowledge_bots: string;
  created_at: number;
  updated_at: number;
}

/** An agent's tools in order; rows go with the agent or the tool. */
export interface AgentToolsTable {
  agent_id: string;
  tool_id: string;
  position: number;
}

/** A web chat bot (spec part 2 §3). `enabled` is 0/1; `appearance` is JSON text (migration 005). */
export interface WebchatsTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  system_prompt: string;
  welcome_message: string;
  model: string;
  temperature: number;
  enabled: number;
  tool_recursion_depth: number;
  /** The bot's memory in seconds (db/chatExpiry.ts). */
  short_term_messages_retention_period: number;
  /** Keep history of its chats (migration 013): null forever, 0 not kept once ended, else days. */
  keep_history_days: number | null;
  appearance: string;
  /** Migration 025: JSON array of canonical origins (shared/allowedSites.ts); [] any site. */
  allowed_sites: string;
  /** Migration 026: JSON array of up to four suggested first questions. */
  starter_questions: string;
  /** Migration 031: 0/1, the widget offers "Talk to a person". */
  talk_to_person: number;
  /** Migration 027: the contact form as JSON (shared/leadCapture.ts); '{}' is off. */
  lead_capture: string;
  created_at: number;
  updated_at: number;
}

/** A bot's tools in order; rows go with the bot or the tool. */
export interface WebchatToolsTable {
  webchat_id: string;
  tool_id: string;
  position: number;
}

/** A user's MCP server (migration 024); `bearer_token` is SecretBox ciphertext. */
export interface McpServersTable {
  id: string;
  user_id: string;
  name: string;
  url: string;
  bearer_token: string | null;
  /** JSON text of the last tools/list answer kept (db/mcpServers.ts McpToolSnapshot[]); null until listed. */
  tools_json: string | null;
  listed_at: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** An agent's MCP tools; `position` is shared with its agent_tools rows (migration 024). */
export interface AgentMcpToolsTable {
  agent_id: string;
  server_id: string;
  tool_name: string;
  position: number;
}

/** A bot's MCP tools; `position` is shared with its webchat_tools rows (migration 024). */
export interface WebchatMcpToolsTable {
  webchat_id: string;
  server_id: string;
  tool_name: string;
  position: number;
}

/** A demo link of a bot; the id is the unguessable slug of its public page. */
export interface WebchatDemosTable {
  id: string;
  webchat_id: string;
  link: string;
  created_at: number;
}

/** A phone call bridged to a Realtime session (issue 10); open while end_time is null. */
export interface CallSessionsTable {
  stream_sid: string;
  call_sid: string;
  user_id: string;
  agent_id: string;
  /** The agent's name when the call started, so history reads well after a rename or delete. */
  agent_name: string;
  from_number: string;
  to_number: string;
  call_type: string;
  start_time: number;
  end_time: number | null;
  /** Seconds. */
  duration: number | null;
  /** 1, 2, 3… per owner in the order sessions ended (migration 006); null while open. */
  ended_seq: number | null;
  /** The server instance that bridges the call (migration 010); null for calls from before it. */
  instance_id: string | null;
  /** When the sweep deletes the call (migration 013): its end + its agent's Keep history; null forever or while open. */
  expires_at: number | null;
  /**
   * Review figures (migration 016), written as the call goes; all null on calls from before it.
   * `model` is the Realtime model the call used (its prices give the cost).
   */
  model: string | null;
  input_text_tokens: number | null;
  input_audio_tokens: number | null;
  /** Cached tokens are a part of the input tokens of their kind (VOICE.md §12.1). */
  cached_text_tokens: number | null;
  cached_audio_tokens: number | null;
  output_text_tokens: number | null;
  output_audio_tokens: number | null;
  /** Times the caller talked over the agent's audio. */
  interruptions: number | null;
  /** Agent turns whose latency was measured, and their median and 95th percentile (ms). */
  latency_turns: number | null;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
  /** The operator who took the call over (migration 030), and the name others see; null while the agent answers. */
  operator_id: string | null;
  operator_name: string | null;
  /** How the call was handed on (migration 029): JSON of CallTransfer without dialStatus; null when it was not. */
  transfer: string | null;
  /** Twilio's DialCallStatus of that transfer, once reported (migration 029). */
  dial_status: string | null;
  /** Why the call ended (migration 029, voice/callTypes.ts EndReason); null for calls from before it or still open. */
  end_reason: string | null;
  /** Who answered an outbound call, by Twilio's answering machine detection (migration 032). */
  answered_by: string | null;
}

/** USD per 1M tokens of one model, in force from `effective_from` (ms) until a later row (migration 016). */
export interface ModelPricesTable {
  model: string;
  effective_from: number;
  text_in: number;
  text_cached: number;
  text_out: number;
  audio_in: number;
  audio_cached: number;
  audio_out: number;
  updated_at: number;
}

/** A running server (migration 010), its heartbeat renewed while it runs. */
export interface ServerInstancesTable {
  id: string;
  started_at: number;
  last_seen_at: number;
}

/** A bus message too large for NOTIFY, sent by its id (migration 011). */
export interface ClusterMessagesTable {
  id: string;
  body: string;
  created_at: number;
}

/** One counted sign-in attempt (migration 011): scope 'pair' (account+address), 'address' or 'account'. */
export interface LoginFailuresTable {
  scope: string;
  key: string;
  at: number;
}

/** The last successful sign-in of an account from an address (migration 011). */
export interface LoginKnownAddressesTable {
  pair: string;
  at: number;
}

/** One transcript item or tool call of a session, written when it is done. */
export interface CallMessagesTable {
  id: string;
  stream_sid: string;
  item_id: string;
  /** Order of writing within the session, after timestamp. */
  seq: number;
  type: string;
  message: string;
  timestamp: number;
  function_output: string | null;
  function_args: string | null;
  function_id: string | null;
  /** An agent line: ms from the caller's end of speech to its first audio sent to the caller (migration 016). */
  latency_ms: number | null;
  /** A tool call: ms its handler ran (migration 016). */
  duration_ms: number | null;
  /** A caller or agent line: where it starts on the call's recording, in ms (migration 019). */
  audio_start_ms: number | null;
}

/** A one-time Media Stream token minted into TwiML; only its SHA-256 is kept. */
export interface StreamTokensTable {
  token_hash: string;
  user_id: string;
  agent_id: string;
  call_sid: string | null;
  call_type: string;
  from_number: string;
  to_number: string;
  expires_at: number;
  used_at: number | null;
}

/** The knowledge base of a bot beside its pages (migration 007); one row once saved. */
export interface WebchatKnowledgeTable {
  webchat_id: string;
  /** The website address as typed on the Knowledge Base tab. */
  site_url: string;
  summary: string;
  updated_at: number;
  /** Re-crawl schedule (migration 035): 'off' | 'daily' | 'weekly'; weekday 0 = Sunday, hour in UTC. */
  recrawl_frequency: Generated<string>;
  recrawl_weekday: Generated<number>;
  recrawl_hour: Generated<number>;
  /** 'selected' | 'excluded': how a re-crawl adds pages it finds. */
  recrawl_new_pages: Generated<string>;
  recrawl_refresh_summary: Generated<number>;
  /** Null when no run is scheduled. */
  recrawl_next_at: number | null;
  /** A run holds the bot until then (0: none); past it, a crashed run's bot is free again. */
  recrawl_lease_until: Generated<number>;
  recrawl_claim_token: string | null;
  /** The last re-crawl: when it ended and what it found (null: never re-crawled). */
  recrawled_at: number | null;
  recrawl_changed: Generated<number>;
  recrawl_new: Generated<number>;
  recrawl_gone: Generated<number>;
  recrawl_error: string | null;
}

/** A crawled page of a bot, in the order of the crawl; its text is in knowledge_passages. */
export interface KnowledgePagesTable {
  webchat_id: string;
  position: number;
  url: string;
  /** 0/1: only selected pages are searched. */
  selected: number;
  char_count: number;
  /** Migration 036: the page's `<title>` from the crawl, '' when none (citations show the address then). */
  title?: string;
  /** 'page' (crawled, with its url) or 'document' (uploaded: url '', its file name kept); migration 034. */
  source_kind: Generated<'page' | 'document'>;
  file_name: Generated<string>;
  /** Re-crawl state (migration 035): SHA-256 of the text, the site's validators, the links (JSON) a 304 keeps. */
  content_hash: Generated<string>;
  etag: Generated<string>;
  last_modified: Generated<string>;
  links: Generated<string>;
  /** When a re-crawl found the page gone (404/410 or no longer linked); its passages are removed. */
  gone_at: number | null;
}

/** Consecutive slices of a page's text (joined in `seq` order they give it back), full-text indexed. */
export interface KnowledgePassagesTable {
  id: Generated<number>;
  webchat_id: string;
  page_position: number;
  seq: number;
  text: string;
}

/**
 * A visitor's conversation with a bot (migration 009). Counts and timestamps stay while the row
 * does; texts live in chat_messages and in `first_question` while the bot's Keep history (or its
 * memory, if longer) keeps them (db/chatExpiry.ts).
 */
export interface ChatConversationsTable {
  /** Unguessable: at least 128 random bits, base64url (shared/types/chat.ts CONVERSATION_ID_PATTERN). */
  id: string;
  /** The bot's owner. */
  user_id: string;
  webchat_id: string;
  /** When the visitor's first message arrived. */
  started_at: number;
  /** The latest visitor message or answer: a conversation is active while this is recent. */
  last_message_at: number;
  /** Visitor messages and answers kept or not (tool calls are not counted). */
  message_count: number;
  /** The first question, '' when the bot keeps no messages or once that message expired. */
  first_question: string;
  /** The last `seq` given to a message of the conversation. */
  last_seq: number;
  /** When the sweep deletes the row (db/chatExpiry.ts); KEPT_FOREVER when the bot keeps history forever. */
  expires_at: number;
  /** 1 for the owner's test chat from the bot's page (migration 015): not counted as a visitor's. */
  test: Generated<number>;
  /** Migration 031: the operator who took the conversation over (the bot is silent), null while the bot answers. */
  operator_id: string | null;
  /** …and their display name, as the visitor sees it. */
  operator_name: string | null;
  /** Migration 031: when the visitor asked for a person; null when nobody asked or once someone took over. */
  waiting_since: number | null;
}

/** Migration 027: what a visitor sent through a bot's contact form (issue 25). */
export interface WebchatLeadsTable {
  id: string;
  /** The bot's owner. */
  user_id: string;
  webchat_id: string;
  conversation_id: string;
  /** JSON array of shared/types/lead.ts LeadFieldValue. */
  fields: string;
  created_at: number;
}

/** One message of a chat conversation; tool rows carry the call's name, arguments and output. */
export interface ChatMessagesTable {
  id: string;
  conversation_id: string;
  /** Order within the conversation: question, tool calls, answer. */
  seq: number;
  role: 'user' | 'assistant' | 'tool';
  /** The visitor's or bot's text; '' for a tool row. */
  text: string;
  created_at: number;
  /** When the sweep deletes it (db/chatExpiry.ts); KEPT_FOREVER when the bot keeps history forever. */
  expires_at: number;
  tool_name: string | null;
  /** The arguments as the model sent them (JSON text, maybe invalid). */
  tool_args: string | null;
  /** What went back to the model: the output as JSON, or {"error": "…"}. */
  tool_output: string | null;
  /** 0/1: the call failed (its output is an error). */
  is_error: number;
  /** An answer's model, tokens (Chat Completions `usage`) and ms to its first token (migration 016). */
  model: string | null;
  input_tokens: number | null;
  cached_tokens: number | null;
  output_tokens: number | null;
  ttft_ms: number | null;
  /** Migration 031: an operator's message (role 'assistant') carries their display name; null otherwise. */
  operator_name?: string | null;
  /** The visitor's last rating of an answer (migration 028): 'up', 'down' or null (none). */
  rating: 'up' | 'down' | null;
  /** The comment given with a rating, null when none. */
  rating_comment: string | null;
  rated_at: number | null;
  /** Migration 036: the answer's cited sources as JSON (a ChatSource list); null when it cited none. */
  sources?: string | null;
}

/**
 * The search copy of one call or chat message (migration 012), written by triggers on
 * call_messages and chat_messages. `rid` grows in the order messages were written.
 */
export interface HistoryEntriesTable {
  rid: Generated<number>;
  kind: 'call' | 'chat';
  /** call_messages.id or chat_messages.id. */
  message_id: string;
  /** The call's stream SID or the chat's conversation id. */
  parent_id: string;
  user_id: string;
  /** The agent (calls) or bot (chats). */
  source_id: string;
  /** The message's type (calls: user, assistant, function) or role (chats: user, assistant, tool). */
  role: string;
  at: number;
  /** What was said or typed; a tool row's tool name. */
  body: string;
}

/**
 * The post-call analysis settings of one agent or bot (migration 018); no row means analysis off.
 * Exactly one of `agent_id` and `webchat_id` is set, and the row goes with its agent or bot.
 */
export interface AnalysisSettingsTable {
  /** The agent's or bot's id. */
  source_id: string;
  user_id: string;
  agent_id: string | null;
  webchat_id: string | null;
  /** 0/1. */
  enabled: number;
  summary_prompt: string;
  success_criteria: string;
  /** The JSON Schema of the data to extract, as text; '' for none. */
  data_schema: string;
  /** When analysis was last turned on: conversations that ended before are not analysed. */
  enabled_since: number | null;
  updated_at: number;
}

/**
 * One post-call analysis (migration 018): the job and, once done, its results. Exactly one of
 * `stream_sid` (kind 'call') and `conversation_id` (kind 'chat') is set.
 */
export interface AnalysisJobsTable {
  id: string;
  user_id: string;
  kind: 'call' | 'chat';
  stream_sid: string | null;
  conversation_id: string | null;
  /** The agent or bot whose settings it runs with. */
  source_id: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  /** Claims so far, the current one included. */
  attempts: number;
  /** A pending job is not claimed before this (backoff after a provider failure). */
  run_after: number;
  /** A running job whose lease passed belongs to a dead instance: it is claimed again. */
  lease_until: number | null;
  /** Who holds the current claim: only they may store its outcome. */
  claim_token: string | null;
  /** Why it failed (people's words), or the last retried failure while pending. */
  error: string | null;
  summary: string | null;
  success: 'pass' | 'fail' | 'unclear' | null;
  success_reason: string | null;
  /** The extracted data as JSON text. */
  data: string | null;
  model: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** What became of one call's recording (migration 019); no foreign key: the row outlives its session until the audio is deleted. */
export interface CallRecordingsTable {
  stream_sid: string;
  user_id: string;
  status: 'off' | 'recording' | 'ready' | 'failed';
  storage_key: string | null;
  store: 'folder' | 's3' | null;
  duration_ms: number;
  bytes: number;
  error: string | null;
  instance_id: string | null;
  started_at: number;
  finished_at: number | null;
}

/**
 * The Analytics page's rollup (migration 020): per owner, UTC hour, agent or bot and model, sums
 * kept by triggers. `latency_0` … `latency_23` count agent turns per latency bucket.
 */
export interface AnalyticsHoursTable {
  user_id: string;
  hour_start: number;
  source_id: string;
  model: string;
  kind: 'call' | 'chat';
  sessions: number;
  seconds: number;
  inbound_minutes: number;
  outbound_minutes: number;
  input_text: number;
  input_audio: number;
  cached_text: number;
  cached_audio: number;
  output_text: number;
  output_audio: number;
  verdict_pass: number;
  verdict_fail: number;
  verdict_unclear: number;
  /** Visitors' ratings of answers, in the hour each answer was written (migration 028). */
  feedback_up: number;
  feedback_down: number;
  [latency: `latency_${number}`]: number;
}

/** Migration 021: an owner's complete local days, folded from analytics_hours per zone. */
export interface AnalyticsDaysTable extends Omit<AnalyticsHoursTable, 'hour_start'> {
  tz: string;
  day: number;
  at: number;
  [hour: `hour_${number}`]: number;
}

export interface AnalyticsCachedDaysTable {
  user_id: string;
  tz: string;
  day: number;
}

export interface AnalyticsDirtyTable {
  user_id: string;
  from_hour: number;
}

/** A user's API key (migration 022): its SHA-256, never the key itself. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  scope: 'read' | 'full';
  /** SHA-256 (hex) of the whole key. */
  key_hash: string;
  /** The key's first characters, to recognise it in the list. */
  prefix: string;
  created_at: number;
  expires_at: number | null;
  /** Written at most once a minute per key and instance (auth/ApiKeys.ts). */
  last_used_at: number | null;
  revoked_at: number | null;
}

/** A user's webhook endpoint (migration 023). Secrets are SecretBox ciphertexts of `whsec_…`. */
export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  description: string;
  /** JSON text: the event types it takes. */
  events: string;
  enabled: number;
  secret: string;
  /** The secret a rotation replaced, still signing until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

/** One event for one endpoint (migration 023): the dispatcher's queue item and the log's row. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  user_id: string;
  /** The `webhook-id` (`msg_…`): one per event, the same on every try. */
  event_id: string;
  event_type: string;
  /** What the event is about; unique per endpoint, so an event is stored once. */
  event_key: string;
  /** The exact body sent (JSON text). */
  payload: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  /** Tries since it was (re)queued: its place in the retry schedule. */
  attempts: number;
  next_attempt_at: number;
  /** A sending delivery whose lease passed belongs to a dead instance: it is claimed again. */
  lease_until: number | null;
  claim_token: string | null;
  last_status: number | null;
  last_error: string | null;
  last_response: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** One try of a delivery (migration 023). */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: number;
  duration_ms: number;
  /** The receiver's HTTP status; null when none came (timeout, refused, blocked). */
  status: number | null;
  error: string | null;
  /** The start of the receiver's answer (bounded). */
  response: string | null;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  account_settings: AccountSettingsTable;
  audit_log: AuditLogTable;
  tools: ToolsTable;
  custom_values: CustomValuesTable;
  agents: AgentsTable;
  agent_tools: AgentToolsTable;
  webchats: WebchatsTable;
  webchat_tools: WebchatToolsTable;
  webchat_demos: WebchatDemosTable;
  mcp_servers: McpServersTable;
  agent_mcp_tools: AgentMcpToolsTable;
  webchat_mcp_tools: WebchatMcpToolsTable;
  call_sessions: CallSessionsTable;
  call_messages: CallMessagesTable;
  stream_tokens: StreamTokensTable;
  webchat_knowledge: WebchatKnowledgeTable;
  knowledge_pages: KnowledgePagesTable;
  knowledge_passages: KnowledgePassagesTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  webchat_leads: WebchatLeadsTable;
  server_instances: ServerInstancesTable;
  cluster_messages: ClusterMessagesTable;
  login_failures: LoginFailuresTable;
  login_known_addresses: LoginKnownAddressesTable;
  history_entries: HistoryEntriesTable;
  model_prices: ModelPricesTable;
  analysis_settings: AnalysisSettingsTable;
  analysis_jobs: AnalysisJobsTable;
  call_recordings: CallRecordingsTable;
  analytics_hours: AnalyticsHoursTable;
  analytics_days: AnalyticsDaysTable;
  analytics_cached_days: AnalyticsCachedDaysTable;
  analytics_dirty: AnalyticsDirtyTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
