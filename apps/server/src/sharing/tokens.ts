import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: a link nobody guesses. */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: a leaked table opens no link. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
