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

/** The cookie of a flow whose callback is under `/accounts/github/`, secure when the public URL is https. */
export function pendingOAuthCookie(publicUrl: string, name: string): PendingOAuthCookie {
  return { name, path: '/accounts/github/', secure: publicUrl.startsWith('https:') };
}

/** What GitHub's redirect to a callback carries. */
export type OAuthCallbackQuery = {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
};

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
 * Ends a flow at its callback: clears the cookie and answers GitHub's `code` or `error` with the pending
 * flow, which is null unless the cookie's signature holds and GitHub returned its `state` (compared in
 * constant time).
 */
export function takeOAuthCallback(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: PendingOAuthCookie,
  { code, state, error }: OAuthCallbackQuery,
): { code: string | undefined; error: string | undefined; pending: PendingOAuth | null } {
  const unsigned = request.unsignCookie(request.cookies[cookie.name] ?? '');
  reply.clearCookie(cookie.name, { path: cookie.path });
  if (!unsigned.valid || !unsigned.value || !state) return { code, error, pending: null };
  const pending = parsePending(unsigned.value);
  return { code, error, pending: pending && sameSecret(state, pending.state) ? pending : null };
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
