/**
 * Every call Fluxion makes to GitHub's REST API, with the fields of the answer it reads (a dotted path;
 * `[]` steps into an array). `rest-description.unit.test.ts` holds each against GitHub's REST description
 * (the npm package `@octokit/openapi`) and finds every route in the server's source here;
 * `rest-answers.test.ts` holds the simulator's answers against the same description. `POST /graphql` is
 * GitHub's GraphQL endpoint (published-schema.unit.test.ts), and the OAuth web flow's
 * `/login/oauth/access_token` is on github.com, not the API: neither is in the REST description.
 */
export type RestCall = {
  method: 'get' | 'post' | 'delete';
  /** The path template as GitHub's description names it. */
  path: string;
  /** The answer Fluxion acts on (others are errors it maps). */
  status: 200 | 201 | 204;
  reads: readonly string[];
  /** Where the call is made. */
  by: string;
};

const INSTALLATION_READS = [
  'id',
  'account.login',
  'account.type',
  'repository_selection',
  'permissions',
  'suspended_at',
];

export const GITHUB_REST_CALLS: readonly RestCall[] = [
  {
    method: 'get',
    path: '/user',
    status: 200,
    reads: ['id', 'node_id', 'login', 'name', 'email', 'avatar_url'],
    by: 'github/user-reads.ts',
  },
  { method: 'get', path: '/repos/{owner}/{repo}', status: 200, reads: [], by: 'github/user-reads.ts' },
  {
    method: 'get',
    path: '/user/installations',
    status: 200,
    reads: ['installations[].id', 'installations[].account.login', 'installations[].suspended_at'],
    by: 'installations/user-installations.ts',
  },
  {
    method: 'get',
    path: '/user/emails',
    status: 200,
    reads: ['[].email', '[].verified'],
    by: 'notifications/email-confirmation.ts',
  },
  {
    method: 'get',
    path: '/user/memberships/orgs/{org}',
    status: 200,
    reads: ['state', 'role'],
    by: 'github/org-membership.ts',
  },
  {
    method: 'get',
    path: '/app/installations/{installation_id}',
    status: 200,
    reads: INSTALLATION_READS,
    by: 'installations/github-app.ts',
  },
  {
    method: 'get',
    path: '/app/installations',
    status: 200,
    reads: INSTALLATION_READS.map((field) => `[].${field}`),
    by: 'installations/github-app.ts',
  },
  {
    method: 'post',
    path: '/app/installations/{installation_id}/access_tokens',
    status: 201,
    reads: ['token', 'expires_at'],
    by: 'installations/github-app.ts',
  },
  {
    method: 'delete',
    path: '/applications/{client_id}/token',
    status: 204,
    reads: [],
    by: 'github/oauth.ts (deleteToken of @octokit/oauth-methods)',
  },
  {
    method: 'delete',
    path: '/applications/{client_id}/grant',
    status: 204,
    reads: [],
    by: 'github/oauth.ts (deleteAuthorization of @octokit/oauth-methods: account deletion)',
  },
];
