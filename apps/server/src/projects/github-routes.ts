import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { githubForUser } from '../github/for-user.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { INTERACTIVE } from './github-errors.ts';
import { fromGithubError } from './github-errors.ts';

/** What the Add Project dialog offers: the user's owners, their boards, a board's columns — live from GitHub. */
export async function githubRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('preHandler', authenticate(ctx));

  registerEndpoint(app, endpoints.githubOwnerOptions, async (request) => {
    const owners = await (await githubForUser(ctx, request.userId, INTERACTIVE))
      .listOwners()
      .catch(fromGithubError);
    return owners.map((o, index) => ({
      // The user's own boards are listed with no owner parameter (docs/api.md, Projects).
      value: index === 0 && o.type === 'User' ? '' : o.login,
      display_name: o.type === 'User' ? `${o.login} (personal)` : (o.name ?? o.login),
    }));
  });

  registerEndpoint(app, endpoints.githubProjectsByOwner, async (request) => {
    const client = await githubForUser(ctx, request.userId, INTERACTIVE);
    const projects = await client.listProjects(request.query.owner || undefined).catch(fromGithubError);
    return projects
      .filter((p) => !p.closed)
      .map((p) => ({
        id: p.id,
        name: p.title,
        full_name: `${p.owner.login}/${p.number}`,
        owner: p.owner.login,
      }));
  });

  registerEndpoint(app, endpoints.githubProjectColumns, async (request) => {
    const client = await githubForUser(ctx, request.userId, INTERACTIVE);
    const columns = await client.getProjectColumns(request.query.project_id).catch(fromGithubError);
    return columns.map((c) => c.name);
  });
}
