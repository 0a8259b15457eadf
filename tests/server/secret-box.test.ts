import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncryptionKey } from '../../server/crypto/encryptionKey.js';
import { SecretBox } from '../../server/crypto/SecretBox.js';
import { maskSecret } from '../../server/settings/accountSecrets.js';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips, with a fresh IV each time', () => {
    const a = box.encrypt('sk-secret', 'u1:openai_api_key');
    const b = box.encrypt('sk-secret', 'u1:openai_api_key');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-secret');
    expect(box.decrypt(a, 'u1:openai_api_key')).toBe('sk-secret');
  });

  it('refuses a value moved to another row or column, tampered with, or sealed with another key', () => {
    const sealed = box.encrypt('sk-secret', 'u1:openai_api_key');
    expect(() => box.decrypt(sealed, 'u2:openai_api_key')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.decrypt(`v1:${raw.toString('base64')}`, 'u1:openai_api_key')).toThrow();
    expect(() => new SecretBox(randomBytes(32)).decrypt(sealed, 'u1:openai_api_key')).toThrow();
  });
});

describe('loadEncryptionKey', () => {
  it('creates DATA_DIR/secret.key with mode 0600 once and reuses it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'switchboard-key-'));
    try {
      const first = await loadEncryptionKey({ dataDir, encryptionKey: null });
      const second = await loadEncryptionKey({ dataDir, encryptionKey: null });
      expect(first.length).toBe(32);
      expect(second.equals(first)).toBe(true);
      const file = path.join(dataDir, 'secret.key');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('hex'));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('prefers the configured key', async () => {
    const key = randomBytes(32);
    expect((await loadEncryptionKey({ dataDir: '/nonexistent-never-created', encryptionKey: key })).equals(key)).toBe(
      true,
    );
  });
});

describe('maskSecret', () => {
  it('shows only the last four characters of a long value, none of a short one', () => {
    expect(maskSecret('sk-abcdefghijkl')).toBe('••••••••ijkl');
    expect(maskSecret('short')).toBe('••••••••');
  });
});
