import { routes } from '@fluxion/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { HANDOFF_TOKEN_TTL_MS } from './refresh-tokens.ts';

/**
 * The one-time handoff of a sign-in from the OAuth callback to the web app, in the browser that signed in:
 * an HttpOnly cookie only sent to POST /api/token/handoff/, which trades it once for the token pair.
 * Tokens never travel in a URL, so a link cannot sign anyone in as somebody else.
 */
export const HANDOFF_PATH = routes.tokenHandoff.path;
/** The app's address after a sign-in: the web app then asks for the handoff. */
export const SIGNED_IN_REDIRECT = '/?signed_in=1';
const HANDOFF_COOKIE = 'fluxion_handoff';
/** As long as the token it carries lives. */
const HANDOFF_SECONDS = HANDOFF_TOKEN_TTL_MS / 1000;

const cookieOptions = (ctx: AppContext) => ({
  path: HANDOFF_PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: ctx.config.publicUrl.startsWith('https:'),
});

export function setHandoffCookie(ctx: AppContext, reply: FastifyReply, handoffToken: string): void {
  reply.setCookie(HANDOFF_COOKIE, handoffToken, { ...cookieOptions(ctx), maxAge: HANDOFF_SECONDS });
}

/** The handed-off refresh token, if any; the cookie is cleared either way. */
export function takeHandoffCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): string | null {
  reply.clearCookie(HANDOFF_COOKIE, cookieOptions(ctx));
  return request.cookies[HANDOFF_COOKIE] || null;
}
