import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from './access-tokens.ts';
import { verifyAccessTokenOnce } from './verified-tokens.ts';

const SECRET = 'a'.repeat(64);
const NOW = Date.UTC(2026, 10, 1, 12);
const session = { userId: 'u1', sessionId: 's1' };

describe('verifyAccessTokenOnce: a checked token is remembered, never beyond what a fresh check allows', () => {
  it('trusts a verified token until its expiry, and not a millisecond after', async () => {
    const token = await issueAccessToken({ ...session, secret: SECRET, now: NOW });
    expect(await verifyAccessTokenOnce({ token, secret: SECRET, now: NOW })).toEqual(session);
    const expiry = NOW + ACCESS_TOKEN_TTL_SECONDS * 1000;
    expect(await verifyAccessTokenOnce({ token, secret: SECRET, now: expiry - 1 })).toEqual(session);
    expect(await verifyAccessTokenOnce({ token, secret: SECRET, now: expiry })).toBeNull();
  });

  it('a remembered token is refused under another secret; a tampered copy is refused', async () => {
    const token = await issueAccessToken({ ...session, secret: SECRET, now: NOW });
    expect(await verifyAccessTokenOnce({ token, secret: SECRET, now: NOW })).toEqual(session);
    expect(await verifyAccessTokenOnce({ token, secret: 'b'.repeat(64), now: NOW })).toBeNull();
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature?.slice(0, -2)}AA`;
    expect(await verifyAccessTokenOnce({ token: tampered, secret: SECRET, now: NOW })).toBeNull();
  });
});
