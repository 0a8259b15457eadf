/**
 * Every migration, in order. Listed explicitly (not read from the folder) so they run the same
 * under tsx, in tests and in a bundle. A new step adds `NNN-name.ts` and one line here; tables
 * holding a user's data reference `users.id` with `onDelete('cascade')`.
 */
import type { Migration } from 'kysely';
import * as m001 from './001-identity.js';
import * as m002 from './002-tools.js';
import * as m003 from './003-agents.js';
import * as m004 from './004-tool-names.js';
import * as m005 from './005-webchats.js';
import * as m006 from './006-sessions.js';
import * as m007 from './007-knowledge.js';
import * as m008 from './008-unique-names-and-numbers.js';
import * as m009 from './009-chat-conversations.js';
import * as m010 from './010-server-instances.js';
import * as m011 from './011-cluster.js';
import * as m012 from './012-history-search.js';
import * as m013 from './013-keep-history.js';
import * as m014 from './014-voice-webhook-lookups.js';
import * as m015 from './015-test-chats.js';
import * as m016 from './016-call-metrics.js';
import * as m018 from './018-analysis.js';
import * as m019 from './019-recordings.js';
import * as m020 from './020-analytics.js';
import * as m021 from './021-analytics-days.js';
import * as m022 from './022-api-keys.js';
import * as m023 from './023-webhooks.js';
import * as m024 from './024-mcp-servers.js';
import * as m025 from './025-allowed-sites.js';
import * as m026 from './026-starter-questions.js';
import * as m027 from './027-leads.js';
import * as m028 from './028-answer-feedback.js';
import * as m029 from './029-call-control.js';
import * as m030 from './030-call-operators.js';
import * as m031 from './031-chat-takeover.js';
import * as m032 from './032-keypad-voicemail.js';
import * as m033 from './033-builtin-settings-store.js';
import * as m034 from './034-knowledge-documents.js';
import * as m035 from './035-recrawl.js';
import * as m036 from './036-citations.js';
import * as m037 from './037-agent-knowledge.js';

export const MIGRATIONS: Record<string, Migration> = {
  '001-identity': m001,
  '002-tools': m002,
  '003-agents': m003,
  '004-tool-names': m004,
  '005-webchats': m005,
  '006-sessions': m006,
  '007-knowledge': m007,
  '008-unique-names-and-numbers': m008,
  '009-chat-conversations': m009,
  '010-server-instances': m010,
  '011-cluster': m011,
  '012-history-search': m012,
  '013-keep-history': m013,
  '014-voice-webhook-lookups': m014,
  '015-test-chats': m015,
  '016-call-metrics': m016,
  '018-analysis': m018,
  '019-recordings': m019,
  '020-analytics': m020,
  '021-analytics-days': m021,
  '022-api-keys': m022,
  '023-webhooks': m023,
  '024-mcp-servers': m024,
  '025-allowed-sites': m025,
  '026-starter-questions': m026,
  '027-leads': m027,
  '028-answer-feedback': m028,
  '029-call-control': m029,
  '030-call-operators': m030,
  '031-chat-takeover': m031,
  '032-keypad-voicemail': m032,
  '033-builtin-settings-store': m033,
  '034-knowledge-documents': m034,
  '035-recrawl': m035,
  '036-citations': m036,
  '037-agent-knowledge': m037,
};
