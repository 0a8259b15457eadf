/**
 * History search on the database of the pass: SQLite (FTS5) in `npm run test:unit`, PostgreSQL
 * (tsvector + GIN, PL/pgSQL triggers) in `npm run test:pg`.
 */
import { createTestApp } from '../helpers/serverApp.js';
import { TEST_DATABASE } from '../helpers/testDatabase.js';
import { historySearchSuite } from './historySearchSuite.js';

const postgres = TEST_DATABASE === 'postgres';
// SQLite's unicode61 tokenizer folds accents; PostgreSQL's 'english' configuration does not.
historySearchSuite(`history search (${postgres ? 'PostgreSQL' : 'SQLite'})`, createTestApp, {
  foldsAccents: !postgres,
});
