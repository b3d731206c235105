import type { FastifyInstance } from 'fastify';
import { rateHeaders, rateWindow } from '../model/rate-limits.ts';
import type { World } from '../model/world.ts';
import { authenticate } from './auth.ts';

const DOCS = 'https://docs.github.com/rest/repos/repos#get-a-repository';

/**
 * Whether `login` may read repository `owner/name`. The simulator has no repository objects: a repository
 * is the issues that name it, readable by whoever may see one of them (a private repository's issues are
 * all `visibleTo` the same people, see the seed's `secret-infra`).
 */
export function canReadRepository(world: World, login: string, nameWithOwner: string): boolean {
  for (const content of world.contents.values()) {
    if (content.repo !== nameWithOwner) continue;
    if (!content.visibleTo || content.visibleTo.has(login)) return true;
  }
  return false;
}

/** `GET /repos/{owner}/{repo}`: 200 when the viewer may read it, else 404 as GitHub answers (no "403"). */
export function registerRepoRoutes(app: FastifyInstance, world: World): void {
  app.get<{ Params: { owner: string; repo: string } }>('/repos/:owner/:repo', async (request, reply) => {
    const auth = authenticate(world, request, reply, DOCS);
    if (!auth) return reply;
    reply.headers(rateHeaders(rateWindow(world, `${auth.user.login}#core`), 'core'));
    const { owner, repo } = request.params;
    const fullName = `${owner}/${repo}`;
    if (!canReadRepository(world, auth.user.login, fullName)) {
      return reply.code(404).send({ message: 'Not Found', documentation_url: DOCS, status: '404' });
    }
    const restricted = [...world.contents.values()].some((c) => c.repo === fullName && c.visibleTo);
    return { name: repo, full_name: fullName, private: restricted, owner: { login: owner } };
  });
}
