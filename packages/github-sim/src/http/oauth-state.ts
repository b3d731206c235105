import { createHash, randomBytes } from 'node:crypto';
import type { World } from '../model/world.ts';

export type OAuthApp = {
  clientId: string;
  clientSecret: string;
  name: string;
  callbackUrl: string | null;
  /** The GitHub App's own OAuth side (user access tokens), told apart by its client id. */
  githubApp?: boolean;
};
export type OAuthCode = {
  code: string;
  clientId: string;
  login: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string | null;
  expiresAt: number;
};

/** Registered OAuth apps and the codes handed out by the authorize step (single use, 10 minutes). */
export class OAuthState {
  readonly apps = new Map<string, OAuthApp>();
  readonly codes = new Map<string, OAuthCode>();

  constructor(private readonly world: World) {}

  addApp(app: Partial<OAuthApp> & { clientId: string; clientSecret: string }): OAuthApp {
    const full: OAuthApp = {
      name: app.name ?? 'Fluxion Analytics (local)',
      callbackUrl: app.callbackUrl ?? null,
      ...app,
    };
    this.apps.set(full.clientId, full);
    return full;
  }

  /** An OAuth app, or the world's GitHub App when `clientId` is its client id. */
  find(clientId: string | undefined): OAuthApp | undefined {
    const app = this.world.app;
    if (app && clientId === app.clientId)
      return {
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        name: app.name,
        callbackUrl: app.callbackUrl,
        githubApp: true,
      };
    return this.apps.get(clientId ?? '');
  }

  issue(input: Omit<OAuthCode, 'code' | 'expiresAt'>): OAuthCode {
    const code: OAuthCode = {
      ...input,
      code: randomBytes(10).toString('hex'),
      expiresAt: this.world.now() + 10 * 60_000,
    };
    this.codes.set(code.code, code);
    return code;
  }

  /** Takes a code once; expired or unknown codes give undefined. */
  redeem(code: string): OAuthCode | undefined {
    const found = this.codes.get(code);
    this.codes.delete(code);
    return found && found.expiresAt > this.world.now() ? found : undefined;
  }
}

/**
 * GitHub's redirect_uri rule: same scheme, host and port as the registered callback URL, and a path at or
 * below its path. Loopback redirect URIs may use any port.
 */
export function redirectAllowed(callbackUrl: string | null, redirectUri: string): boolean {
  if (!callbackUrl) return true;
  try {
    const registered = new URL(callbackUrl);
    const asked = new URL(redirectUri);
    const loopback = ['127.0.0.1', '[::1]'].includes(registered.hostname);
    const samePort = loopback || registered.port === asked.port;
    const base = registered.pathname.replace(/\/$/, '');
    const pathOk = asked.pathname === registered.pathname || asked.pathname.startsWith(`${base}/`);
    return (
      registered.protocol === asked.protocol && registered.hostname === asked.hostname && samePort && pathOk
    );
  } catch {
    return false;
  }
}

export function pkceMatches(challenge: string, verifier: string | undefined): boolean {
  if (!verifier) return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

export function parseScopes(scope: string | undefined): string[] {
  return (scope ?? '').split(/[\s,]+/).filter(Boolean);
}
