/**
 * Which server suites run on which pass (issue 12, "PostgreSQL is tested, always"). Every suite in
 * tests/server runs on SQLite (`npm run test:unit`) and again on PostgreSQL (`npm run test:pg`),
 * except those listed here, each with the reason. Paths are relative to the repository root.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Suites about PostgreSQL itself: they run on the PostgreSQL pass only. */
export const POSTGRES_ONLY: Record<string, string> = {
  'tests/server/postgres.test.ts': 'migrations, refresh tokens and hot queries on PostgreSQL',
  'tests/server/postgres-restart.test.ts': 'stops and starts a PostgreSQL cluster of its own mid-traffic',
  'tests/server/agents-postgres.test.ts': 'PostgreSQL column types and concurrent number moves',
  'tests/server/sessions-postgres.test.ts': 'call sessions on PostgreSQL',
  'tests/server/tools-postgres.test.ts': 'tools on PostgreSQL',
  'tests/server/webchats-postgres.test.ts': 'web chat bots on PostgreSQL',
  'tests/server/widget-chat-postgres.test.ts': 'the live chat on PostgreSQL',
  'tests/server/cluster.test.ts': 'two server processes on a PostgreSQL cluster of its own',
  'tests/server/cluster-bus.test.ts': "the instances' LISTEN/NOTIFY bus",
  'tests/server/cluster-end-session.test.ts': 'End Session and changes across instances on one PostgreSQL',
  'tests/server/login-throttle-postgres.test.ts': 'the login throttle kept in PostgreSQL',
  'tests/server/api-keys-cluster.test.ts': 'API key revocation across two instances on one PostgreSQL',
  'tests/server/migrate-postgres-concurrent.test.ts': 'instances migrating one PostgreSQL at once (the advisory lock)',
  'tests/server/webhooks-postgres.test.ts': 'two instances delivering webhooks from one PostgreSQL queue',
  'tests/server/recrawl-cluster.test.ts': 'two instances claiming re-crawl schedules from one PostgreSQL',
};

/** Suites about SQLite by nature: the PostgreSQL pass leaves them out. */
export const SQLITE_ONLY: Record<string, string> = {
  'tests/server/sqlite-kill.test.ts': "kill -9 during a burst of writes: SQLite's WAL keeps every acknowledged write",
  'tests/server/backup.test.ts': "npm run backup is SQLite's online backup API",
  'tests/server/data-files.test.ts': "the modes of SQLite's database, -wal and -shm files",
  'tests/server/process-signals.test.ts': 'how the server process answers signals; the database is incidental',
  'tests/server/cached-statements.test.ts': "better-sqlite3's statements and rows behind Kysely",
};

/** Suites that never reach a database (or only to start an app): nothing to learn from a second pass. */
export const DATABASE_FREE: Record<string, string> = {
  'tests/server/call-recorder.test.ts': "the recorder's timeline and the Range header, in memory",
  'tests/server/config.test.ts': 'reads configuration',
  'tests/server/connection-limits.test.ts': 'connections and timeouts; the database only starts the app',
  'tests/server/crawl-markup-shape.test.ts': 'markup counted in memory',
  'tests/server/crawl-page-reader.test.ts': "the crawler's page reader threads",
  'tests/server/crawl-site.test.ts': 'the crawler against a fixture site',
  'tests/server/database-unavailable.test.ts': 'fake unreachable hosts, no real database',
  'tests/server/fair-queue.test.ts': 'a queue in memory',
  'tests/server/history-query-text.test.ts': 'search text parsing, CSV fields, snippets and export names',
  'tests/server/knowledge-passages.test.ts': 'text cut into passages',
  'tests/server/llm-chat-client.test.ts': 'the Chat Completions client against the fake',
  'tests/server/log-redaction.test.ts': 'log lines',
  'tests/server/openapi.test.ts': 'the route document and its page',
  'tests/server/owner-answers-cache.test.ts': 'the kept answers on their own, in memory',
  'tests/server/sandbox-outbound-guard.test.ts': 'the sandbox',
  'tests/server/sandbox-parameter-schemas.test.ts': 'the sandbox',
  'tests/server/sandbox-pool.test.ts': 'the sandbox',
  'tests/server/sandbox-redos.test.ts': 'the sandbox',
  'tests/server/sandbox-run.test.ts': 'the sandbox',
  'tests/server/sandbox-security.test.ts': 'the sandbox',
  'tests/server/sandbox-worker-errors.test.ts': 'the sandbox',
  'tests/server/sandbox-worker-imports.test.ts': 'the sandbox',
  'tests/server/secret-box.test.ts': 'encryption of secrets',
  'tests/server/static.test.ts': 'static files',
  'tests/server/summarize-split-text.test.ts': 'text cut for summaries',
  'tests/server/tools-arguments.test.ts': 'argument checks',
  'tests/server/tools-sandbox-config.test.ts': 'configuration',
  'tests/server/trust-proxy.test.ts': "start-up warnings and the proxy's address; the database is incidental",
  'tests/server/twilio-client.test.ts': 'the Twilio client against the fake',
  'tests/server/voice-audio.test.ts': 'audio conversion',
  'tests/server/voice-playback.test.ts': 'playback bookkeeping',
  'tests/server/voice-signature.test.ts': "Twilio's request signatures",
  'tests/server/voice-transcript-times.test.ts': 'transcript line times',
  'tests/server/webchats-framing.test.ts': 'framing headers and the probe',
};

/** Throws when a list names a file that is not there (renamed or removed), so no entry goes stale. */
export function checkServerSuiteLists(root: string): void {
  for (const file of [...Object.keys(POSTGRES_ONLY), ...Object.keys(SQLITE_ONLY), ...Object.keys(DATABASE_FREE)]) {
    if (!existsSync(path.join(root, file)))
      throw new Error(`tests/serverSuites.ts lists ${file}, which does not exist`);
  }
}
