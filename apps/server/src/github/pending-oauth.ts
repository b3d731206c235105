import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createPkcePair } from './oauth.ts';

/**
 * An OAuth web flow between its start and GitHub's callback: the `state` and the PKCE verifier (and, for a
 * signed-in user's second connection, who started it) in a signed, http-only cookie that lives 10 minutes
 * and is read once. Both flows (sign-in, "Connect personal boards") keep it this one way.
 */
const pendingSchema = z.object({
  state: z.string().min(1),
  verifier: z.string().min(1),
  userId: z.string().min(1).optional(),
});
export type PendingOAuth = z.infer<typeof pendingSchema>;

export type PendingOAuthCookie = { name: string; path: string; secure: boolean };

/** Starts a flow: sets the cookie and returns what the authorize URL carries (`state`, the PKCE challenge). */
export function startPendingOAuth(
  reply: FastifyReply,
  cookie: PendingOAuthCookie,
  userId?: string,
): { state: string; codeChallenge: string } {
  const pkce = createPkcePair();
  const pending: PendingOAuth = {
    state: randomBytes(32).toString('base64url'),
    verifier: pkce.verifier,
    ...(userId ? { userId } : {}),
  };
  reply.setCookie(cookie.name, JSON.stringify(pending), {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    signed: true,
    maxAge: 600,
  });
  return { state: pending.state, codeChallenge: pkce.challenge };
}

/**
 * Ends a flow at its callback: clears the cookie and returns the pending flow only when the cookie's
 * signature holds and GitHub returned its `state` (compared in constant time); otherwise null.
 */
export function takePendingOAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: PendingOAuthCookie,
  returnedState: string | undefined,
): PendingOAuth | null {
  const unsigned = request.unsignCookie(request.cookies[cookie.name] ?? '');
  reply.clearCookie(cookie.name, { path: cookie.path });
  if (!unsigned.valid || !unsigned.value || !returnedState) return null;
  const pending = parsePending(unsigned.value);
  return pending && sameSecret(returnedState, pending.state) ? pending : null;
}

function parsePending(text: string): PendingOAuth | null {
  try {
    const parsed = pendingSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
