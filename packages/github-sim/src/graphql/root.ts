import { canSeeContent, canSeeProject } from '../model/access.ts';
import type { World } from '../model/world.ts';
import { type GqlContext, notFound, requireProjectScope, type View } from './context.ts';
import { accountView, orgView } from './view-accounts.ts';
import { contentView } from './view-content.ts';
import { itemView } from './view-item.ts';
import { projectView } from './view-project.ts';

function nodeById(world: World, ctx: GqlContext, id: string): View | null {
  const account = [...world.users.values(), ...world.orgs.values()].find((a) => a.nodeId === id);
  if (account) return accountView(account);
  const project = world.projects.get(id);
  if (project) {
    requireProjectScope(ctx, 'node');
    return canSeeProject(world, ctx.principal, project) ? projectView(project) : null;
  }
  const item = world.items.get(id);
  const itemProject = item && world.projects.get(item.projectId);
  if (item && itemProject) {
    requireProjectScope(ctx, 'node');
    return canSeeProject(world, ctx.principal, itemProject) ? itemView(item, itemProject) : null;
  }
  const content = world.contents.get(id);
  if (content && canSeeContent(world, ctx.principal, content)) return contentView(content);
  return null;
}

/** The Query root, executed over the world for one request. */
export function rootValue(ctx: GqlContext): Record<string, unknown> {
  const { world } = ctx;
  return {
    viewer: () => accountView(ctx.viewer),
    user: ({ login }: { login: string }) => {
      const user = world.users.get(login);
      if (!user) throw notFound('a User', `login of '${login}'`);
      return accountView(user);
    },
    organization: ({ login }: { login: string }) => {
      const org = world.orgs.get(login);
      if (!org) throw notFound('an Organization', `login of '${login}'`);
      return orgView(org);
    },
    node: ({ id }: { id: string }) => {
      const node = nodeById(world, ctx, id);
      if (!node) throw notFound('a node', `global id of '${id}'`);
      return node;
    },
    // GitHub answers an id it cannot resolve (deleted, or not the viewer's) with null in its place and a
    // NOT_FOUND error at ['nodes', i]: partial data. An Error in the list makes graphql-js do just that.
    nodes: ({ ids }: { ids: string[] }) =>
      ids.map((id) => nodeById(world, ctx, id) ?? notFound('a node', `global id of '${id}'`)),
    rateLimit: () => ctx.rate,
  };
}
