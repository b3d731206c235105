import {
  availableProjectSchema,
  ownerOptionSchema,
  projectColumnsQuerySchema,
  projectsByOwnerQuerySchema,
} from '@fluxion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { githubForUser } from '../github/for-user.ts';
import { INTERACTIVE } from './github-errors.ts';
import { fromGithubError } from './github-errors.ts';

/** What the Add Project dialog offers: the user's owners, their boards, a board's columns — live from GitHub. */
export const githubRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', authenticate(ctx));

  app.get(
    '/api/github-owner-options/',
    { schema: { response: { 200: z.array(ownerOptionSchema) } } },
    async (request) => {
      const owners = await (await githubForUser(ctx, request.userId, INTERACTIVE))
        .listOwners()
        .catch(fromGithubError);
      return owners.map((o, index) => ({
        // The user's own boards are listed with no owner parameter (spec §7: none for personal).
        value: index === 0 && o.type === 'User' ? '' : o.login,
        display_name: o.type === 'User' ? `${o.login} (personal)` : (o.name ?? o.login),
      }));
    },
  );

  app.get(
    '/api/github-projects-by-owner/',
    {
      schema: { querystring: projectsByOwnerQuerySchema, response: { 200: z.array(availableProjectSchema) } },
    },
    async (request) => {
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
    },
  );

  app.get(
    '/api/github-project-columns/',
    { schema: { querystring: projectColumnsQuerySchema, response: { 200: z.array(z.string()) } } },
    async (request) => {
      const client = await githubForUser(ctx, request.userId, INTERACTIVE);
      const columns = await client.getProjectColumns(request.query.project_id).catch(fromGithubError);
      return columns.map((c) => c.name);
    },
  );
};
