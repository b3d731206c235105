import { GithubNotFoundError } from './errors.ts';
import { type GithubTransport, typed } from './graphql-transport.ts';
import type { GithubAuthenticatedUser } from './types.ts';

/** The token's user over REST (`GET /user`). */
export async function getAuthenticatedUser(t: GithubTransport): Promise<GithubAuthenticatedUser> {
  const { data } = await typed(t, () => t.octokit.request('GET /user'));
  return {
    id: Number(data.id),
    node_id: data.node_id,
    login: data.login,
    name: data.name ?? null,
    email: data.email ?? null,
    avatar_url: data.avatar_url,
  };
}

/**
 * Whether the token may read repository `owner/name` (and so see its issues' content on a board):
 * GitHub answers 404 for a private repository the token may not read.
 */
export async function canReadRepository(t: GithubTransport, nameWithOwner: string): Promise<boolean> {
  const [owner = '', repo = ''] = nameWithOwner.split('/');
  try {
    await typed(t, () => t.octokit.request('GET /repos/{owner}/{repo}', { owner, repo }));
    return true;
  } catch (error) {
    if (error instanceof GithubNotFoundError) return false;
    throw error;
  }
}
