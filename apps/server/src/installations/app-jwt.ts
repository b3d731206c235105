import { type CryptoKey, importPKCS8, SignJWT } from 'jose';
import type { GithubAppConfig } from '../config.ts';

/** GitHub refuses an App JWT whose `exp` is more than ten minutes ahead; nine leaves room for skew. */
export const APP_JWT_LIFETIME_S = 9 * 60;
/** `iat` this far in the past, as GitHub advises, in case our clock runs ahead of GitHub's. */
export const APP_JWT_BACKDATE_S = 60;

/** The imported key per App registration (the PEM is parsed once, never logged). */
const keys = new WeakMap<GithubAppConfig, Promise<CryptoKey>>();

function signingKey(app: GithubAppConfig): Promise<CryptoKey> {
  let key = keys.get(app);
  if (!key) {
    key = importPKCS8(app.privateKey, 'RS256');
    keys.set(app, key);
  }
  return key;
}

/**
 * The JSON Web Token that authenticates as the App itself (GitHub's "Generating a JSON Web Token for a
 * GitHub App"): RS256 with the App's private key, `iss` the App id, `iat` 60 s in the past and `exp` nine
 * minutes ahead of `nowMs` (the app's clock).
 */
export async function appJwt(app: GithubAppConfig, nowMs: number): Promise<string> {
  const now = Math.floor(nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(app.appId)
    .setIssuedAt(now - APP_JWT_BACKDATE_S)
    .setExpirationTime(now + APP_JWT_LIFETIME_S)
    .sign(await signingKey(app));
}
