import type { FastifyInstance } from 'fastify';
import { repositoryJson } from '../app/model.ts';
import { budgetOf, canReadRepository } from '../model/access.ts';
import { rateHeaders } from '../model/rate-limits.ts';
import type { World } from '../model/world.ts';
import { accountJson, iso } from '../webhooks/payload.ts';
import { authenticate } from './auth.ts';

const DOCS = 'https://docs.github.com/rest/repos/repos#get-a-repository';
const API = 'https://api.github.com';

/** The URL templates GitHub's repository object carries, under `https://api.github.com/repos/{full_name}`. */
const URL_TEMPLATES: Record<string, string> = {
  archive_url: '/{archive_format}{/ref}',
  assignees_url: '/assignees{/user}',
  blobs_url: '/git/blobs{/sha}',
  branches_url: '/branches{/branch}',
  collaborators_url: '/collaborators{/collaborator}',
  comments_url: '/comments{/number}',
  commits_url: '/commits{/sha}',
  compare_url: '/compare/{base}...{head}',
  contents_url: '/contents/{+path}',
  contributors_url: '/contributors',
  deployments_url: '/deployments',
  downloads_url: '/downloads',
  events_url: '/events',
  forks_url: '/forks',
  git_commits_url: '/git/commits{/sha}',
  git_refs_url: '/git/refs{/sha}',
  git_tags_url: '/git/tags{/sha}',
  hooks_url: '/hooks',
  issue_comment_url: '/issues/comments{/number}',
  issue_events_url: '/issues/events{/number}',
  issues_url: '/issues{/number}',
  keys_url: '/keys{/key_id}',
  labels_url: '/labels{/name}',
  languages_url: '/languages',
  merges_url: '/merges',
  milestones_url: '/milestones{/number}',
  notifications_url: '/notifications{?since,all,participating}',
  pulls_url: '/pulls{/number}',
  releases_url: '/releases{/id}',
  stargazers_url: '/stargazers',
  statuses_url: '/statuses/{sha}',
  subscribers_url: '/subscribers',
  subscription_url: '/subscription',
  tags_url: '/tags',
  teams_url: '/teams',
  trees_url: '/git/trees{/sha}',
};

/**
 * GitHub's full-repository object. The simulator has no repository records: a repository is the issues
 * that name it, so its dates are its first and last issue's and its open issues are theirs.
 */
export function fullRepositoryJson(world: World, fullName: string): Record<string, unknown> {
  const issues = [...world.contents.values()].filter((c) => c.repo === fullName);
  const created = Math.min(world.now(), ...issues.map((c) => c.createdAt));
  const updated = Math.max(created, ...issues.map((c) => c.updatedAt));
  const open = issues.filter((c) => c.state === 'OPEN').length;
  const base = `${API}/repos/${fullName}`;
  const [owner = ''] = fullName.split('/');
  const short = repositoryJson(world, fullName);
  return {
    ...short,
    owner: accountJson(world.account(owner)),
    description: null,
    fork: false,
    ...Object.fromEntries(Object.entries(URL_TEMPLATES).map(([key, path]) => [key, `${base}${path}`])),
    git_url: `git://github.com/${fullName}.git`,
    ssh_url: `git@github.com:${fullName}.git`,
    clone_url: `https://github.com/${fullName}.git`,
    svn_url: `https://github.com/${fullName}`,
    mirror_url: null,
    homepage: null,
    language: null,
    default_branch: 'main',
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    subscribers_count: 0,
    network_count: 0,
    size: 0,
    open_issues: open,
    open_issues_count: open,
    has_issues: true,
    has_projects: true,
    has_wiki: false,
    has_pages: false,
    has_discussions: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    license: null,
    visibility: short.private ? 'private' : 'public',
    pushed_at: iso(updated),
    created_at: iso(created),
    updated_at: iso(updated),
  };
}

/**
 * `GET /repos/{owner}/{repo}`: 200 when the token may read it (model/access.ts), else 404 as GitHub answers
 * (no "403").
 */
export function registerRepoRoutes(app: FastifyInstance, world: World): void {
  app.get<{ Params: { owner: string; repo: string } }>('/repos/:owner/:repo', async (request, reply) => {
    const auth = authenticate(world, request, reply, DOCS);
    if (!auth) return reply;
    reply.headers(rateHeaders(budgetOf(world, auth.principal, '#core'), 'core'));
    const { owner, repo } = request.params;
    const fullName = `${owner}/${repo}`;
    if (!canReadRepository(world, auth.principal, fullName)) {
      return reply.code(404).send({ message: 'Not Found', documentation_url: DOCS, status: '404' });
    }
    return fullRepositoryJson(world, fullName);
  });
}
