/** History search on SQLite (FTS5); the same suite runs on PostgreSQL in history-postgres.test.ts. */
import { createTestApp } from '../helpers/serverApp.js';
import { historySearchSuite } from './historySearchSuite.js';

historySearchSuite('history search (SQLite)', createTestApp, { foldsAccents: true });
