import { canSeeProject } from '../model/access.ts';
import type { SimAccount, SimOrg, SimProject } from '../model/types.ts';
import { paginate } from './connection.ts';
import { type GqlContext, iso, notFound, type PageArgs, requireProjectScope, type View } from './context.ts';
import { projectView } from './view-project.ts';

const WEB = 'https://github.com';

export function actorView(account: SimAccount | undefined): View | null {
  if (!account) return null;
  return {
    __typename: account.kind,
    id: account.nodeId,
    databaseId: account.databaseId,
    login: account.login,
    name: account.name,
    url: `${WEB}/${account.login}`,
    resourcePath: `/${account.login}`,
    avatarUrl: `https://avatars.githubusercontent.com/u/${account.databaseId}?v=4`,
  };
}

type ProjectsArgs = PageArgs & { query?: string | null };

function projectsOf(ctx: GqlContext, owner: string, args: ProjectsArgs): SimProject[] {
  const text = (args.query ?? '').toLowerCase();
  return ctx.world
    .projectsOf(owner)
    .filter((p) => canSeeProject(ctx.world, ctx.principal, p))
    .filter((p) => !text || p.title.toLowerCase().includes(text));
}

/** Fields shared by User and Organization (the ProjectV2Owner interface and a few more). */
function ownerFields(account: SimAccount): Record<string, unknown> {
  return {
    ...actorView(account),
    createdAt: iso(account.createdAt),
    updatedAt: iso(account.createdAt),
    projectsV2: (args: ProjectsArgs, ctx: GqlContext) => {
      requireProjectScope(ctx, 'projectsV2');
      return paginate(projectsOf(ctx, account.login, args), args, (_p, i) => i + 1, projectView);
    },
    projectV2: ({ number }: { number: number }, ctx: GqlContext) => {
      requireProjectScope(ctx, 'projectV2');
      const project = ctx.world.projectByNumber(account.login, number);
      if (!project || !canSeeProject(ctx.world, ctx.principal, project)) {
        throw notFound('a ProjectV2', `number ${number}`);
      }
      return projectView(project);
    },
  };
}

export function orgView(org: SimOrg): View {
  return { ...ownerFields(org), __typename: 'Organization', description: org.description, email: null };
}

export function accountView(account: SimAccount): View {
  if (account.kind === 'Organization') return orgView(account);
  return {
    ...ownerFields(account),
    __typename: 'User',
    email: account.email,
    organizations: (args: PageArgs, ctx: GqlContext) =>
      paginate(ctx.world.orgsOf(account.login), args, (_o, i) => i + 1, orgView),
    organization: ({ login }: { login: string }, ctx: GqlContext) => {
      const org = ctx.world.orgs.get(login);
      return org?.members.has(account.login) ? orgView(org) : null;
    },
  };
}
