import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { deleteUserToken } from '../github/oauth.ts';
import { decryptSecret } from '../users/secret-box.ts';

/**
 * The account is deleted: the user's authorization of each app Fluxion holds a token of is revoked at
 * GitHub (`DELETE /applications/{client_id}/grant`, Basic auth with the app's client id and secret): the
 * GitHub App's (its user token and refresh token), the OAuth app's (the sign-in token and the "Connect
 * personal boards" token). Every token of that app for the user stops working, and Fluxion leaves the
 * user's authorized applications on GitHub. GitHub unreachable is logged; the tokens are forgotten anyway
 * with the user's row.
 */
export async function revokeGithubTokens(ctx: AppContext, user: User): Promise<void> {
  const key = ctx.config.tokenEncryptionKey;
  const { apiUrl, clientId, clientSecret, app } = ctx.config.github;
  const oauthApp = { clientType: 'oauth-app' as const, apiUrl, clientId, clientSecret };
  const githubApp = app
    ? { clientType: 'github-app' as const, apiUrl, clientId: app.clientId, clientSecret: app.clientSecret }
    : null;
  const signIn = user.github_token_kind === 'github-app' ? githubApp : oauthApp;
  const held = [
    { sealed: user.github_token_enc, app: signIn },
    { sealed: user.github_personal_token_enc, app: oauthApp },
  ];
  for (const { sealed, app: issuer } of held) {
    if (!sealed || sealed === 'none' || !issuer) continue;
    const token = decryptSecret(sealed, key);
    await deleteUserToken({ ...issuer, token, revoke: 'grant' }).catch((error: unknown) =>
      ctx.log?.warn(
        { userId: user.id, reason: (error as Error).message },
        'could not revoke a GitHub authorization of a deleted account',
      ),
    );
  }
}
