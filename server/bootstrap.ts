/**
 * The first superadmin (ARCHITECTURE.md, "creating a superadmin on first start"): created when
 * the database has no user, from SWITCHBOARD_ADMIN_USERNAME / _PASSWORD, else as `admin` with a
 * generated password that the caller prints once. Only its argon2 hash is stored.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { checkUsername } from '../shared/usernames.js';
import { type Config, ConfigError } from './config.js';
import { hashPassword } from './crypto/passwords.js';
import { isUniqueViolation } from './db/errors.js';
import type { Database } from './db/schema.js';
import { countUsers, insertUser } from './db/users.js';

export const DEFAULT_ADMIN_USERNAME = 'admin';

export type BootstrapResult =
  | { created: false }
  | { created: true; username: string; generatedPassword: string | null };

export async function ensureFirstSuperadmin(
  db: Kysely<Database>,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
  now: number = Date.now(),
): Promise<BootstrapResult> {
  if ((await countUsers(db)) > 0) return { created: false };
  const checked = checkUsername(config.adminUsername ?? DEFAULT_ADMIN_USERNAME);
  if (!checked.ok) throw new ConfigError([`SWITCHBOARD_ADMIN_USERNAME: ${checked.error}`]);
  const username = checked.username;
  // 24 random bytes → 32 base64url characters.
  const password = config.adminPassword ?? randomBytes(24).toString('base64url');
  const generatedPassword = config.adminPassword === null ? password : null;
  try {
    await insertUser(
      db,
      { username, email: null, passwordHash: await hashPassword(password), role: 'superadmin' },
      now,
    );
  } catch (error) {
    // Another instance sharing the database created it first.
    if (isUniqueViolation(error)) return { created: false };
    throw error;
  }
  return { created: true, username, generatedPassword };
}

/** The one-time notice with generated credentials, boxed so it stands out in the start-up output. */
export function generatedCredentialsNotice(username: string, password: string): string {
  const lines = [
    'First start: a superadmin account was created.',
    '',
    `  Username: ${username}`,
    `  Password: ${password}`,
    '',
    'This password is shown only once. Sign in and change it in Settings,',
    'or set SWITCHBOARD_ADMIN_USERNAME and SWITCHBOARD_ADMIN_PASSWORD',
    'before the first start of a fresh data folder.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return `${[border, ...lines.map((line) => `| ${line.padEnd(width)} |`), border].join('\n')}\n`;
}
