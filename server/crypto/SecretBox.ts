/**
 * AES-256-GCM for secrets at rest: a random 12-byte IV per value, the auth tag checked on read,
 * and associated data (e.g. "<userId>:openai_api_key") so a ciphertext copied to another row or
 * column fails to decrypt. The key lives outside the database (see encryptionKey.ts).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  readonly #key: Buffer;
  readonly #lookupKeys = new Map<string, Uint8Array>();

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.#key = Buffer.from(key);
  }

  /** Returns `v1:<base64 iv|tag|ciphertext>`. */
  encrypt(plaintext: string, associatedData: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when the value was tampered with, moved, or sealed with another key. */
  decrypt(sealed: string, associatedData: string): string {
    const [version, payload] = sealed.split(':', 2);
    if (version !== VERSION || !payload) throw new Error('Unknown secret format');
    const raw = Buffer.from(payload, 'base64');
    const iv = raw.subarray(0, IV_BYTES);
    const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#key, iv);
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** A separate key for another purpose (e.g. signing access tokens), derived with HKDF. */
  deriveKey(purpose: string): Uint8Array {
    return new Uint8Array(hkdfSync('sha256', this.#key, Buffer.alloc(0), `switchboard:${purpose}`, 32));
  }

  /**
   * A keyed hash (HMAC-SHA256, hex) of a secret value, stored beside its ciphertext so a row can be
   * found by the value with an index instead of decrypting every row. Equal values give equal
   * hashes (that is the point); without the key nobody can compute or test one.
   */
  lookupHash(purpose: string, value: string): string {
    let key = this.#lookupKeys.get(purpose);
    if (!key) {
      key = this.deriveKey(`lookup:${purpose}`);
      this.#lookupKeys.set(purpose, key);
    }
    return createHmac('sha256', key).update(value, 'utf8').digest('hex');
  }
}
