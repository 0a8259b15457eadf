/**
 * better-sqlite3 behind Kysely with kept statements and rows read as arrays
 * (server/db/cachedStatements.ts, RowShape.ts): the rows are the objects better-sqlite3 would
 * have made, with the same keys in the same order, also for repeated column names, a streamed query, and a query whose table changed after it was first run.
 */
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedStatements } from '../../server/db/cachedStatements.js';

let open: SQLite.Database[] = [];
afterEach(() => {
  for (const database of open) if (database.open) database.close();
  open = [];
});

function databases() {
  const plain = new SQLite(':memory:');
  const kept = new SQLite(':memory:');
  open.push(plain, kept);
  for (const database of [plain, kept]) {
    database.exec(`create table t (id integer primary key, name text, n real, b blob);
      insert into t (name, n, b) values ('a', 1.5, x'01'), (null, 2, null), ('ünï', -3, x'');`);
  }
  const statements = cachedStatements(kept);
  return { plain, statements };
}

const QUERIES = [
  'select * from t order by id',
  'select t.id, u.id, t.name from t join t as u on u.id = t.id order by t.id',
  'select id as "1", name as "a b", n as "é" from t order by id',
  'select * from t where id = 99',
];

describe('cachedStatements', () => {
  it.each(QUERIES)('answers the rows better-sqlite3 answers: %s', (query) => {
    const { plain, statements } = databases();
    const expected = plain.prepare(query).all();
    for (let run = 0; run < 2; run++) {
      const rows = statements.prepare(query).all([]);
      expect(rows).toEqual(expected);
      expect(rows.map((row) => Object.keys(row as object))).toEqual(expected.map((row) => Object.keys(row as object)));
      for (const row of rows) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    }
  });

  // better-sqlite3's own objects lose such a column (setting it sets their prototype).
  it('gives a column named __proto__ as a property, not as the prototype', () => {
    const { statements } = databases();
    const [row] = statements.prepare('select \'x\' as "__proto__", 1 as id').all([]) as Array<Record<string, unknown>>;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row!)).toEqual(['__proto__', 'id']);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('x');
  });

  it('streams the same rows, and runs writes as before', () => {
    const { plain, statements } = databases();
    expect([...statements.prepare('select * from t order by id').iterate([])]).toEqual(
      plain.prepare('select * from t order by id').all(),
    );
    const result = statements.prepare('update t set n = n + 1 where id < ?').run([3]);
    expect(result.changes).toBe(2);
    expect(statements.prepare('select n from t order by id').all([])).toEqual([{ n: 2.5 }, { n: 3 }, { n: -3 }]);
  });

  it("reads a kept query's columns again after the schema changed", () => {
    const { statements } = databases();
    const query = 'select * from t where id = 1';
    expect(Object.keys(statements.prepare(query).all([])[0] as object)).toEqual(['id', 'name', 'n', 'b']);
    statements.prepare('alter table t rename column name to title').run([]);
    expect(statements.prepare(query).all([])).toEqual([{ id: 1, title: 'a', n: 1.5, b: Buffer.from([1]) }]);
    statements.prepare("alter table t add column extra text default 'e'").run([]);
    expect(Object.keys(statements.prepare(query).all([])[0] as object)).toEqual(['id', 'title', 'n', 'b', 'extra']);
  });

  it('serves Kysely: typed queries and raw SQL', async () => {
    const { statements } = databases();
    const db = new Kysely<{ t: { id: number; name: string | null; n: number; b: Buffer | null } }>({
      dialect: new SqliteDialect({ database: statements }),
    });
    expect(await db.selectFrom('t').select(['id', 'name']).where('n', '>', 0).orderBy('id').execute()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: null },
    ]);
    expect((await sql<{ total: number }>`select sum(n) as total from t`.execute(db)).rows).toEqual([{ total: 0.5 }]);
  });
});
