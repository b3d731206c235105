import { randomBytes } from 'node:crypto';
import type { SimToken } from './types.ts';
import type { World } from './world.ts';

export const DEFAULT_SCOPES = ['read:org', 'read:project', 'user:email'];

/** Mints a token shaped like GitHub's OAuth tokens (gho_ + 36 characters). */
export function mintToken(world: World, login: string, scopes: string[] = DEFAULT_SCOPES): SimToken {
  if (!world.users.has(login)) throw new Error(`no user ${login}`);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const body = [...randomBytes(36)].map((b) => alphabet[b % alphabet.length]).join('');
  const token: SimToken = { token: `gho_${body}`, login, scopes };
  world.tokens.set(token.token, token);
  return token;
}

export function hasScope(token: SimToken, ...wanted: string[]): boolean {
  return token.scopes.some((s) => wanted.includes(s));
}
