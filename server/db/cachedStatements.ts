/**
 * better-sqlite3 behind Kysely with its prepared statements kept: Kysely's SQLite driver calls
 * `prepare(sql)` for every query, which parses and plans the SQL again (about 10 µs, more than
 * running a small query). Keyed by the SQL text, bounded (oldest first out), per database.
 * SQLite re-prepares a kept statement by itself after a schema change. A statement still being
 * iterated (a streamed query) is busy; a second use then gets a fresh one.
 *
 * Rows are read as arrays and made into objects here (RowShape): better-sqlite3 builds each row
 * object from C++, one property at a time, looking every column name up in V8's string table
 * again for every row. Ten agents of 28 columns took 97 µs that way and 55 µs as arrays plus
 * the objects built in JavaScript, the largest single cost of GET /api/agents.
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { RowShape } from './RowShape.js';

/** A statement that changes the schema: the column lists read before it may be stale after it. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/** How many schema changes a database has run; a RowShape built before the last one is built again. */
interface SchemaGeneration {
  value: number;
}

/** A reading statement answers objects built by RowShape; a writing one is better-sqlite3's own. */
class ObjectRows implements SqliteStatement {
  readonly reader: boolean;
  readonly #changesSchema: boolean;
  readonly #shape: RowShape;

  constructor(
    readonly statement: SQLite.Statement,
    readonly generation: SchemaGeneration,
  ) {
    this.reader = statement.reader;
    this.#changesSchema = SCHEMA_CHANGE.test(statement.source);
    this.#shape = new RowShape(() => generation.value);
    if (statement.reader) statement.raw(true);
  }

  get busy(): boolean {
    return this.statement.busy;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    if (!this.reader) return this.statement.all(parameters);
    const rows = this.statement.all(parameters) as unknown[][];
    return this.#shape.objects(this.statement, rows);
  }

  run(parameters: ReadonlyArray<unknown>): SQLite.RunResult {
    const result = this.statement.run(parameters);
    if (this.#changesSchema) this.generation.value++;
    return result;
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    if (!this.reader) return yield* this.statement.iterate(parameters);
    for (const values of this.statement.iterate(parameters) as IterableIterator<unknown[]>) {
      yield this.#shape.object(this.statement, values);
    }
  }
}

export function cachedStatements(database: SQLite.Database, maxStatements = 500): SqliteDatabase {
  const statements = new Map<string, ObjectRows>();
  const generation: SchemaGeneration = { value: 0 };
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const statement = new ObjectRows(database.prepare(sql), generation);
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
