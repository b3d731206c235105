import { endpoints } from '@fluxion/contract';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { githubForPersonalBoards, githubForUser, readAsUser } from '../github/for-user.ts';
import { GithubNotFoundError } from '../github/errors.ts';
import { notFound } from '../http/errors.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { INTERACTIVE } from './github-errors.ts';
import { projectFields } from './choose-workflow-field.ts';
import type { WorkflowFieldRef } from '../boards/workflow-field.ts';

/** The field whose options the columns route lists: the one asked for, else (undefined) the default. */
function columnsField(fieldId: string | undefined): WorkflowFieldRef | undefined {
  return fieldId ? { id: fieldId, name: '' } : undefined;
}
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

  // The user's own boards (owner ''): no GitHub App token reads them, so a user signed in through the App
  // reads them with "Connect personal boards"; not connected, the list is empty and the dialog says why
  // (GET /api/github/connections/).
  registerEndpoint(app, endpoints.githubProjectsByOwner, async (request) => {
    const owner = request.query.owner || undefined;
    const client = owner
      ? await githubForUser(ctx, request.userId, INTERACTIVE)
      : await githubForPersonalBoards(ctx, request.userId, INTERACTIVE);
    if (!client) return [];
    const projects = await client.listProjects(owner).catch(fromGithubError);
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
    const columns = await readAsUser(ctx, request.userId, INTERACTIVE, (client) =>
      client
        .getProjectColumns(request.query.project_id, columnsField(request.query.field_id))
        .catch((error: unknown) => {
          if (error instanceof GithubNotFoundError) return null;
          throw error;
        }),
    ).catch(fromGithubError);
    if (!columns) throw notFound('Not found on GitHub, or no access to it');
    return columns.map((c) => c.name);
  });

  registerEndpoint(app, endpoints.githubProjectFields, async (request) =>
    projectFields(ctx, request.userId, request.query.project_id),
  );
}
