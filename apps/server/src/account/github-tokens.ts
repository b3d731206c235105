import type { AppContext } from '../context.ts';
import type { User } from '../db/schema.ts';
import { deleteUserToken } from '../github/oauth.ts';
import { signOutGithubToken } from '../github/user-token.ts';
import { decryptSecret } from '../users/secret-box.ts';

/**
 * The account is deleted: each GitHub token Fluxion holds for the user is deleted at GitHub where its API
 * allows (`DELETE /applications/{client_id}/token`): the GitHub App's user token (with its refresh token),
 * the OAuth app's sign-in token, and the "Connect personal boards" token. GitHub unreachable is logged; the
 * tokens are forgotten anyway with the user's row.
 */
export async function revokeGithubTokens(ctx: AppContext, user: User): Promise<void> {
  await signOutGithubToken(ctx, user.id);
  const key = ctx.config.tokenEncryptionKey;
  const oauthApp = {
    clientType: 'oauth-app' as const,
    apiUrl: ctx.config.github.apiUrl,
    clientId: ctx.config.github.clientId,
    clientSecret: ctx.config.github.clientSecret,
  };
  const sealed = [
    user.github_token_kind === 'github-app' ? null : user.github_token_enc,
    user.github_personal_token_enc,
  ];
  for (const token of sealed) {
    if (!token || token === 'none') continue;
    await deleteUserToken({ ...oauthApp, token: decryptSecret(token, key) }).catch((error: unknown) =>
      ctx.log?.warn(
        { userId: user.id, reason: (error as Error).message },
        'could not delete a GitHub token of a deleted account',
      ),
    );
  }
}
