import type { FastifyInstance } from 'fastify';
import { budgetOf, canReadRepository } from '../model/access.ts';
import { rateHeaders } from '../model/rate-limits.ts';
import type { World } from '../model/world.ts';
import { authenticate } from './auth.ts';

const DOCS = 'https://docs.github.com/rest/repos/repos#get-a-repository';

/**
 * `GET /repos/{owner}/{repo}`: 200 when the token may read it (model/access.ts), else 404 as GitHub answers
 * (no "403"). The simulator has no repository objects: a repository is the issues that name it.
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
    const restricted = [...world.contents.values()].some((c) => c.repo === fullName && c.visibleTo);
    return { name: repo, full_name: fullName, private: restricted, owner: { login: owner } };
  });
}
