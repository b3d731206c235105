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

/** The user and sign-in of a valid token, or null for one that is forged, tampered, expired or malformed. */
export async function verifyAccessToken(params: {
  token: string;
  secret: string;
  now: number;
}): Promise<Session | null> {
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
