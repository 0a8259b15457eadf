/**
 * The shape of an API key: `sb_` and 32 random bytes in base64url (43 characters). Only its
 * SHA-256 is stored: for 256 random bits a fast hash is right (nobody can search that space, so
 * a slow password hash would only slow every request down); see crypto/sha256Hex.ts.
 */
import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '../../shared/types/apiKey.js';
import { sha256Hex } from '../crypto/sha256Hex.js';

const KEY_BYTES = 32;
const KEY_PATTERN = /^sb_[A-Za-z0-9_-]{43}$/;
/** `sb_` and the first 8 characters: enough to tell a user's keys apart, far too few to guess the rest. */
const VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;

export interface NewApiKey {
  key: string;
  hash: string;
  prefix: string;
}

export function newApiKey(): NewApiKey {
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  return { key, hash: sha256Hex(key), prefix: key.slice(0, VISIBLE_LENGTH) };
}

/** Whether a bearer token is meant as an API key (then it is checked as one, never as an access token). */
export const looksLikeApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** The stored hash of a well-formed key; null for anything else, which no row can match. */
export function apiKeyHash(token: string): string | null {
  return KEY_PATTERN.test(token) ? sha256Hex(token) : null;
}
