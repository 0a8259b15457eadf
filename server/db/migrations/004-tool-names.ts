/**
 * Tool names are unique per user (issue 7, finding 14): two tools of one name showed as two
 * identical rows in an agent's tool list, and a model cannot tell them apart. Existing duplicates
 * keep their oldest tool's name; the others become "name (2)", "name (3)"… (within the 100
 * characters a name may have) before the unique index is created.
 */
import { type Kysely, sql } from 'kysely';

const NAME_MAX_LENGTH = 100;

interface ToolName {
  id: string;
  user_id: string;
  name: string;
}

/** The first "name (n)" from n = 2 that the user does not have yet. */
function freeName(name: string, taken: Set<string>): string {
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<ToolName>`select id, user_id, name from tools order by user_id, created_at, id`.execute(
    db,
  );
  // Every name a user has is taken before any rename, so "a (2)" is never given to a second "a"
  // while a tool already called "a (2)" exists.
  const taken = new Map<string, Set<string>>();
  for (const row of rows) taken.set(row.user_id, (taken.get(row.user_id) ?? new Set<string>()).add(row.name));
  const seen = new Set<string>();
  for (const row of rows) {
    const key = JSON.stringify([row.user_id, row.name]);
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    // Filled from the same rows above, so every user here has a set.
    const names = taken.get(row.user_id) ?? new Set<string>();
    const renamed = freeName(row.name, names);
    names.add(renamed);
    await sql`update tools set name = ${renamed} where id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex('tools_user_name_unique').on('tools').columns(['user_id', 'name']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tools_user_name_unique').execute();
}
