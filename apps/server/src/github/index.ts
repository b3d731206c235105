export { createGithubClient, type GithubClient } from './client.ts';
export {
  GithubAuthError,
  GithubError,
  GithubNotFoundError,
  GithubRateLimitError,
  GithubSchemaError,
  GithubScopeError,
} from './errors.ts';
export {
  buildAuthorizeUrl,
  createPkcePair,
  exchangeOAuthCode,
  GITHUB_SCOPES,
  type ExchangedToken,
  type ExchangeInput,
} from './oauth.ts';
export type * from './types.ts';
