import { createHmac, timingSafeEqual } from 'node:crypto';

/** What one link unsubscribes from: one board's digest or its alerts, for one user. */
export type Unsubscribe = { userId: string; boardId: string; what: 'digest' | 'alerts' };

const sign = (payload: string, secret: string) =>
  createHmac('sha256', `fluxion-unsubscribe:${secret}`).update(payload).digest('base64url');

/**
 * A signed token for the one-click unsubscribe link (RFC 8058): it names the user, board and message kind
 * and needs no sign-in. It does not expire — an old e-mail's link must still work — and can only turn
 * notifications off, so a leaked one costs at most a missed digest.
 */
export function unsubscribeToken(target: Unsubscribe, secret: string): string {
  const payload = Buffer.from(JSON.stringify([target.userId, target.boardId, target.what])).toString(
    'base64url',
  );
  return `${payload}.${sign(payload, secret)}`;
}

/** The target of a token, or null when it is not one we signed. */
export function readUnsubscribeToken(token: string, secret: string): Unsubscribe | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [userId, boardId, what] = JSON.parse(
      Buffer.from(payload, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof userId !== 'string' || typeof boardId !== 'string') return null;
    if (what !== 'digest' && what !== 'alerts') return null;
    return { userId, boardId, what };
  } catch {
    return null;
  }
}
