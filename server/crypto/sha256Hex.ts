import { createHash } from 'node:crypto';

/**
 * SHA-256 (hex) of a high-entropy secret (a refresh token, an API key): what is stored in its
 * place. Right for random tokens of 32 bytes, which cannot be guessed back from their hash; never
 * for passwords (crypto/passwords.ts).
 */
export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
