import { verify } from 'node:crypto';
import type { SimApp } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { appKeys, mustApp } from './model.ts';

/** GitHub's answers to a JWT it refuses (all 401). */
export const JWT_ERRORS = {
  undecodable: 'A JSON web token could not be decoded',
  expired:
    "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires",
  tooLong: "'Expiration time' claim ('exp') is too far in the future",
  issuedInFuture:
    "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued",
} as const;

/** Seconds of clock drift GitHub forgives an `iat` in the future. */
export const CLOCK_DRIFT_S = 60;
/** The longest a JWT may live: its `exp` at most ten minutes after GitHub's now. */
export const MAX_JWT_S = 600;

export type JwtResult = { app: SimApp } | { error: string };

function json(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function looksLikeJwt(token: string): boolean {
  return /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/.test(token);
}

/**
 * Verifies an App JWT as GitHub does: RS256 with the App's public key, `iss` the App id (number or digits)
 * or its client id, `iat` not in the future beyond 60 s of drift, `exp` in the future and at most ten
 * minutes ahead — on the simulator's clock. A valid signature under a wrong `iss` is "could not be decoded",
 * as GitHub answers it.
 */
export function verifyAppJwt(world: World, jwt: string): JwtResult {
  const app = mustApp(world);
  const parts = jwt.split('.');
  if (parts.length !== 3) return { error: JWT_ERRORS.undecodable };
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = json(headerPart);
  const payload = json(payloadPart);
  if (!header || !payload || header.alg !== 'RS256') return { error: JWT_ERRORS.undecodable };
  const iss = payload.iss;
  const issuerMatches =
    (typeof iss === 'number' && iss === app.id) ||
    (typeof iss === 'string' && (iss === String(app.id) || iss === app.clientId));
  if (!issuerMatches) return { error: JWT_ERRORS.undecodable };
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    appKeys(world).publicKey,
    Buffer.from(signaturePart, 'base64url'),
  );
  if (!signed) return { error: JWT_ERRORS.undecodable };
  const now = Math.floor(world.now() / 1000);
  const { iat, exp } = payload;
  if (typeof iat !== 'number' || !Number.isInteger(iat) || iat > now + CLOCK_DRIFT_S)
    return { error: JWT_ERRORS.issuedInFuture };
  if (typeof exp !== 'number' || !Number.isInteger(exp) || exp <= now) return { error: JWT_ERRORS.expired };
  if (exp > now + MAX_JWT_S) return { error: JWT_ERRORS.tooLong };
  world.stats.jwtsAccepted += 1;
  return { app };
}
