/**
 * History on PostgreSQL (tsvector + GIN, PL/pgSQL triggers): the search suite of SQLite, and the
 * retention sweep taking texts out of search. Runs when SWITCHBOARD_TEST_DATABASE_URL is set.
 */
import { describe } from 'vitest';
import { createPostgresTestApp, POSTGRES_TEST_URL } from '../helpers/postgresApp.js';
import { historySearchSuite } from './historySearchSuite.js';

describe.skipIf(!POSTGRES_TEST_URL)('history on PostgreSQL', () => {
  historySearchSuite('history search (PostgreSQL)', (options) => createPostgresTestApp('sb_history', options), { foldsAccents: false });
});
