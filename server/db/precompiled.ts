/**
 * Hot queries compiled once, for SQLite and for PostgreSQL, when their module loads, then run with
 * each call's values: a request skips Kysely's builder and compiler (5–20 µs a query, more with
 * joins). `build` receives placeholder symbols for its arguments and may only pass them into the
 * query as values (no branching on them, no arrays for `in`): each placeholder's positions in the
 * compiled parameters are taken from the compiled query. Nothing here changes after import.
 */
import {
  type Compilable,
  type CompiledQuery,
  type Dialect,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { isPostgres } from './dialect.js';
import type { Database } from './schema.js';

/** A compiled parameter: an argument's index, or a value fixed in the query. */
type Slot = { arg: number } | { value: unknown };

interface Template {
  compiled: CompiledQuery;
  slots: Slot[];
}

/** Compile-only Kysely instances (the dummy driver never connects) for each dialect we run on. */
const COMPILERS = {
  sqlite: (): Dialect => ({
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  }),
  postgres: (): Dialect => ({
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  }),
} as const;

function template<Args extends unknown[]>(
  dialect: Dialect,
  build: (db: Kysely<Database>, ...args: Args) => Compilable<unknown>,
  arity: number,
): Template {
  const placeholders = Array.from({ length: arity }, (_, i) => Symbol(`arg${i}`));
  const compiled = build(new Kysely<Database>({ dialect }), ...(placeholders as unknown as Args)).compile();
  const slots = compiled.parameters.map((parameter): Slot => {
    const arg = typeof parameter === 'symbol' ? placeholders.indexOf(parameter) : -1;
    return arg === -1 ? { value: parameter } : { arg };
  });
  const used = new Set(slots.flatMap((slot) => ('arg' in slot ? [slot.arg] : [])));
  if (used.size !== arity)
    throw new Error(`precompiled query uses ${used.size} of its ${arity} arguments: ${compiled.sql}`);
  return { compiled, slots };
}

export class Precompiled<Args extends unknown[], Row> {
  readonly #sqlite: Template;
  readonly #postgres: Template;

  /** `arity` is the number of arguments after `db` (a function's `length` is unreliable with defaults). */
  constructor(arity: number, build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>) {
    this.#sqlite = template(COMPILERS.sqlite(), build, arity);
    this.#postgres = template(COMPILERS.postgres(), build, arity);
  }

  /** The query for `db`'s dialect with these values; `db` may be a transaction. */
  with(db: Kysely<Database>, ...args: Args): CompiledQuery<Row> {
    const { compiled, slots } = isPostgres(db) ? this.#postgres : this.#sqlite;
    return { ...compiled, parameters: slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value)) };
  }

  async rows(db: Kysely<Database>, ...args: Args): Promise<Row[]> {
    return (await db.executeQuery(this.with(db, ...args))).rows;
  }

  async first(db: Kysely<Database>, ...args: Args): Promise<Row | undefined> {
    return (await this.rows(db, ...args))[0];
  }

  async run(db: Kysely<Database>, ...args: Args): Promise<void> {
    await db.executeQuery(this.with(db, ...args));
  }
}
