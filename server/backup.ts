/**
 * `npm run backup -- <file>`: copies the live SQLite database to <file> while the server runs
 * (db/backupSqlite.ts). With DATABASE_URL set, PostgreSQL's own pg_dump is the tool; this prints
 * the command and exits 1, so a script never takes that for a backup made. README "Backups" says
 * how to restore.
 */
import path from 'node:path';
import { loadConfig } from './config.js';
import { KEY_FILE_NAME } from './crypto/encryptionKey.js';
import { backupSqlite } from './db/backupSqlite.js';
import { SQLITE_FILE_NAME } from './db/openDatabase.js';

const USAGE = 'Usage: npm run backup -- <file>   (a new file, e.g. backups/switchboard-2026-05-01.db)';

async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    // The URL may hold a password: the command names the variable rather than printing it.
    process.stdout.write(
      'Switchboard runs on PostgreSQL (DATABASE_URL is set): back it up with pg_dump, e.g.\n' +
        `  pg_dump --format=custom --file=${args[0] ?? 'switchboard.dump'} "$DATABASE_URL"\n` +
        'and restore with pg_restore --clean --if-exists --dbname="$DATABASE_URL" <file>.\n',
    );
    return 1;
  }
  const [target, ...extra] = args;
  if (!target || extra.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const source = path.join(config.dataDir, SQLITE_FILE_NAME);
  const started = performance.now();
  const result = await backupSqlite(source, target);
  process.stdout.write(
    `Backed up ${source} to ${result.file} (${result.pages} pages, ${result.bytes} bytes, ${Math.round(performance.now() - started)} ms, mode 0600).\n` +
      `Keep ${config.encryptionKey ? 'SWITCHBOARD_ENCRYPTION_KEY' : path.join(config.dataDir, KEY_FILE_NAME)} with it: without that key the account secrets in the copy cannot be read.\n`,
  );
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
