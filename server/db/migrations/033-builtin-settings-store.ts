/**
 * One store for the built-in functions' settings (issue 23): the keypad and voicemail settings
 * that migration 032 added as agent columns move into the agent's `builtin_functions` JSON
 * (`pressDigits.enabled`, `voicemail.action` / `voicemail.message`), beside transfer_call and
 * end_call, and the columns go. One parser reads and checks them all
 * (agents/builtinFunctionSettings.ts). Rows are rewritten one by one in JavaScript, so the JSON is
 * merged the same way on SQLite and PostgreSQL; a stored object that does not parse is replaced
 * by one holding just the moved settings (the reader gave it defaults anyway).
 */
import { type Kysely, sql } from 'kysely';

interface Row {
  id: string;
  builtin_functions: string;
  press_digits: number;
  voicemail_action: string;
  voicemail_message: string;
}

function storedObject(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The agents table as this migration sees it (not today's schema, which lacks the columns). */
type Db = Kysely<{ agents: Row }>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = db as Db;
  const rows: Row[] = await d
    .selectFrom('agents')
    .select(['id', 'builtin_functions', 'press_digits', 'voicemail_action', 'voicemail_message'])
    .execute();
  for (const row of rows) {
    const settings = {
      ...storedObject(row.builtin_functions),
      pressDigits: { enabled: row.press_digits === 1 },
      voicemail: { action: row.voicemail_action, message: row.voicemail_message },
    };
    await d
      .updateTable('agents')
      .set({ builtin_functions: JSON.stringify(settings) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.alterTable('agents').dropColumn('voicemail_message').execute();
  await db.schema.alterTable('agents').dropColumn('voicemail_action').execute();
  await db.schema.alterTable('agents').dropColumn('press_digits').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const d = db as Db;
  await db.schema
    .alterTable('agents')
    .addColumn('press_digits', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('agents')
    .addColumn('voicemail_action', 'text', (col) => col.notNull().defaultTo('off'))
    .execute();
  await db.schema
    .alterTable('agents')
    .addColumn('voicemail_message', 'text', (col) => col.notNull().defaultTo(sql`''`))
    .execute();
  const rows: Pick<Row, 'id' | 'builtin_functions'>[] = await d
    .selectFrom('agents')
    .select(['id', 'builtin_functions'])
    .execute();
  for (const row of rows) {
    const { pressDigits, voicemail, ...rest } = storedObject(row.builtin_functions);
    const keys = storedObject(JSON.stringify(pressDigits ?? {}));
    const mail = storedObject(JSON.stringify(voicemail ?? {}));
    await d
      .updateTable('agents')
      .set({
        builtin_functions: JSON.stringify(rest),
        press_digits: keys.enabled === true ? 1 : 0,
        voicemail_action: typeof mail.action === 'string' ? mail.action : 'off',
        voicemail_message: typeof mail.message === 'string' ? mail.message : '',
      })
      .where('id', '=', row.id)
      .execute();
  }
}
