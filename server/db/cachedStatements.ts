/**
 * better-sqlite3 behind Kysely with its prepared statements kept: Kysely's SQLite driver calls
 * `prepare(sql)` for every query, which parses and plans the SQL again (about 10 µs, more than
 * running a small query). Keyed by the SQL text, bounded (oldest first out), per database.
 * SQLite re-prepares a kept statement by itself after a schema change. A statement still being
 * iterated (a streamed query) is busy; a second use then gets a fresh one.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export function cachedStatements(database: SQLite.Database, maxStatements = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = database.prepare(sql);
      if (!kept) {
        if (statements.size >= maxStatements) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
