import { decodeJwt } from 'jose';
import { LRUCache } from 'lru-cache';
import { verifyAccessToken } from './access-tokens.ts';
import type { Session } from './refresh-tokens.ts';

type Verified = { session: Session; secret: string; expiresAt: number };

/** Access tokens whose signature was checked, until they expire; bounded (one per recent sign-in tab). */
const verified = new LRUCache<string, Verified>({ max: 10_000 });

/**
 * `verifyAccessToken`, remembered: a token's signature (HMAC through WebCrypto, about a tenth of a warm
 * answer's CPU) is checked once, and the token then trusted until its expiry, as jose would judge it
 * (valid while now < exp). Only the token's own validity is remembered: whether its sign-in has ended
 * is still looked up on every request.
 */
export async function verifyAccessTokenOnce(params: {
  token: string;
  secret: string;
  now: number;
}): Promise<Session | null> {
  const known = verified.get(params.token);
  if (known && known.secret === params.secret && params.now < known.expiresAt) return known.session;
  const session = await verifyAccessToken(params);
  const expiry = session ? decodeJwt(params.token).exp : undefined;
  if (session && typeof expiry === 'number') {
    verified.set(params.token, { session, secret: params.secret, expiresAt: expiry * 1000 });
  }
  return session;
}
