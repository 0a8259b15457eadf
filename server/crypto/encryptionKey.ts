import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const KEY_FILE_NAME = 'secret.key';

/** Decodes a 32-byte key given as 64 hex characters or base64; null when it is neither. */
export function parseEncryptionKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const key = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
    if (key.length === 32) return key;
  }
  return null;
}

/**
 * The secrets key: SWITCHBOARD_ENCRYPTION_KEY when set, else DATA_DIR/secret.key, created with
 * mode 0600 on first start. Losing the key loses the stored secrets, so a broken file is an error,
 * never silently replaced.
 */
export async function loadEncryptionKey(config: { encryptionKey: Buffer | null; dataDir: string }): Promise<Buffer> {
  if (config.encryptionKey) return config.encryptionKey;
  const file = path.join(config.dataDir, KEY_FILE_NAME);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails when the file exists, so two instances starting together keep one key.
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseEncryptionKey((await readFile(file, 'utf8')).trim());
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex characters or base64)`);
  return key;
}
