import { jwtVerify, SignJWT } from 'jose';
import type { Session } from './refresh-tokens.ts';

const ISSUER = 'fluxion';
const AUDIENCE = 'fluxion-web';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const keyFor = (secret: string) => new TextEncoder().encode(secret);

/** A short-lived signed access token (HS256 JWT) naming the user and the sign-in (`sid`). */
export async function issueAccessToken(params: Session & { secret: string; now: number }): Promise<string> {
  const issuedAt = Math.floor(params.now / 1000);
  return new SignJWT({ sid: params.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(params.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keyFor(params.secret));
}

/**
 * The user and sign-in of a valid token, or null for one that is forged, tampered, expired or malformed,
 * or not in the one spelling we issue (see `isCanonicalJws`).
 */
export async function verifyAccessToken(params: {
  token: string;
  secret: string;
  now: number;
}): Promise<Session | null> {
  if (!isCanonicalJws(params.token)) return null;
  try {
    const { payload } = await jwtVerify(params.token, keyFor(params.secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(params.now),
    });
    const { sub, sid } = payload;
    return typeof sub === 'string' && typeof sid === 'string' ? { userId: sub, sessionId: sid } : null;
  } catch {
    return null;
  }
}

const BASE64URL_PART = /^[A-Za-z0-9_-]+$/;

/**
 * Three parts of unpadded base64url, each the canonical encoding of its bytes. Decoders forgive padding,
 * another alphabet and non-zero spare bits in the last character, so one token has many spellings that
 * verify alike; only the one we issue is accepted (a token is also a cache key and a log redaction target).
 */
export function isCanonicalJws(token: string): boolean {
  const parts = token.split('.');
  return (
    parts.length === 3 &&
    parts.every(
      (part) => BASE64URL_PART.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part,
    )
  );
}
