/**
 * An online copy of the SQLite database (issue 12): SQLite's backup API through better-sqlite3,
 * from a read-only connection of its own, while the server goes on writing (WAL lets a reader
 * and the writer work side by side). The copy is a consistent snapshot: every page comes from
 * one read transaction, taken in a single backup step (SQLite restarts a step-wise backup each
 * time another connection writes, which under steady traffic might never finish).
 */
import { chmodSync, existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
}

/** Copies the database `source` to the new file `target` (mode 0600: it holds password hashes). */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  const file = path.resolve(target);
  if (!existsSync(source)) throw new Error(`There is no database at ${source}: check DATA_DIR.`);
  if (existsSync(file)) throw new Error(`${file} already exists; choose a new file name.`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  // New files get no permission for group or others from the first byte on.
  const umask = process.umask(0o077);
  try {
    const result = await db.backup(file, { progress: () => 0x7fffffff });
    chmodSync(file, 0o600);
    return { file, bytes: statSync(file).size, pages: result.totalPages };
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    process.umask(umask);
    db.close();
  }
}
