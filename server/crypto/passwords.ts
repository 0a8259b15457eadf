/** Password hashing with argon2id at the OWASP-recommended cost (19 MiB, t=2, p=1). */
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** False for a wrong password or a malformed hash; never throws. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A verifier for unknown usernames: it checks the password against a throwaway hash so a login
 * for a missing user costs as long as one with a wrong password.
 */
export function createDummyVerifier(): (password: string) => Promise<false> {
  let dummyHash: Promise<string> | null = null;
  return async (password) => {
    dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    await verifyPassword(await dummyHash, password);
    return false;
  };
}
