/**
 * Objects from the arrays of a raw better-sqlite3 statement (cachedStatements.ts), with the keys
 * and order better-sqlite3 itself would give: the statement's column names, a later column of the
 * same name winning. The builder is one object literal compiled per column list, so every row of a
 * query shares one hidden class and costs one allocation. Column names come from our own SQL; they
 * are written into the compiled source as JSON string literals, and a `__proto__` column as a
 * computed key, which defines a property instead of setting the prototype.
 */
import type SQLite from 'better-sqlite3';

type Build = (values: unknown[]) => Record<string, unknown>;

function compile(names: readonly string[]): Build {
  const fields = names.map(
    (name, i) => `${name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name)}: v[${i}]`,
  );
  return new Function('v', `return { ${fields.join(', ')} };`) as Build;
}

export class RowShape {
  #build: Build | null = null;
  #width = -1;
  #generation = -1;

  /** `generation` counts the database's schema changes: a shape built before the last one is rebuilt. */
  constructor(private readonly generation: () => number) {}

  objects(statement: SQLite.Statement, rows: unknown[][]): Array<Record<string, unknown>> {
    const first = rows[0];
    if (first === undefined) return [];
    const build = this.#builder(statement, first.length);
    return rows.map((row) => build(row));
  }

  object(statement: SQLite.Statement, values: unknown[]): Record<string, unknown> {
    return this.#builder(statement, values.length)(values);
  }

  /** Reading the column list costs ~30 µs, so it is read once, and again only after a schema change. */
  #builder(statement: SQLite.Statement, width: number): Build {
    const generation = this.generation();
    if (this.#build === null || this.#width !== width || this.#generation !== generation) {
      this.#build = compile(statement.columns().map((column) => column.name));
      this.#width = width;
      this.#generation = generation;
    }
    return this.#build;
  }
}
