import { nodeId } from '../model/ids.ts';
import type { SimItem, SimProject } from '../model/types.ts';
import { paginate } from './connection.ts';
import { type GqlContext, iso, type PageArgs, type View } from './context.ts';
import { itemMatcher } from './item-query.ts';
import { accountView } from './view-accounts.ts';
import { itemView } from './view-item.ts';

const PLAIN_FIELDS = [
  ['Title', 'TITLE'],
  ['Assignees', 'ASSIGNEES'],
  ['Labels', 'LABELS'],
  ['Milestone', 'MILESTONE'],
  ['Repository', 'REPOSITORY'],
] as const;

export function statusFieldView(project: SimProject): View {
  const field = project.statusField;
  return {
    __typename: 'ProjectV2SingleSelectField',
    id: field.nodeId,
    databaseId: field.databaseId,
    name: field.name,
    dataType: 'SINGLE_SELECT',
    createdAt: iso(project.createdAt),
    updatedAt: iso(project.createdAt),
    project: () => projectView(project),
    options: ({ names }: { names?: string[] | null }) =>
      field.options
        .filter((o) => !names || names.includes(o.name))
        .map((o) => ({ ...o, nameHTML: o.name, descriptionHTML: o.description })),
  };
}

/** The board's fields in position order, as a new GitHub project has them (Status third). */
export function fieldViews(project: SimProject): View[] {
  const plain = PLAIN_FIELDS.map(
    ([name, dataType]): View => ({
      __typename: 'ProjectV2Field',
      id: nodeId('ProjectV2Field', `${project.databaseId}-${dataType}`),
      name,
      dataType,
      createdAt: iso(project.createdAt),
      updatedAt: iso(project.createdAt),
      project: () => projectView(project),
    }),
  );
  return [plain[0], plain[1], statusFieldView(project), ...plain.slice(2)].filter(
    (v): v is View => v !== undefined,
  );
}

function items(ctx: GqlContext, project: SimProject, query: string | null | undefined): SimItem[] {
  const matches = itemMatcher(ctx.world, query ?? '');
  return project.itemIds
    .map((id) => ctx.world.items.get(id))
    .filter((item): item is SimItem => item !== undefined && matches(item));
}

export function projectView(project: SimProject): View {
  const path = `/${project.ownerType === 'User' ? 'users' : 'orgs'}/${project.owner}/projects/${project.number}`;
  return {
    __typename: 'ProjectV2',
    id: project.nodeId,
    databaseId: project.databaseId,
    fullDatabaseId: String(project.databaseId),
    number: project.number,
    title: project.title,
    shortDescription: project.shortDescription,
    readme: null,
    public: project.public,
    closed: project.closed,
    closedAt: null,
    template: false,
    createdAt: iso(project.createdAt),
    updatedAt: iso(project.updatedAt),
    resourcePath: path,
    url: `https://github.com${path}`,
    viewerCanUpdate: false,
    viewerCanClose: false,
    viewerCanReopen: false,
    owner: (_: unknown, ctx: GqlContext) => ownerOf(ctx, project),
    fields: (args: PageArgs) =>
      paginate(
        fieldViews(project),
        args,
        (_f, i) => i + 1,
        (f) => f,
      ),
    field: ({ name }: { name: string }) => fieldViews(project).find((f) => f.name === name) ?? null,
    items: (args: PageArgs & { query?: string | null }, ctx: GqlContext) =>
      paginate(
        items(ctx, project, args.query),
        args,
        (item) => item.position,
        (item) => itemView(item, project),
      ),
  };
}

function ownerOf(ctx: GqlContext, project: SimProject): View | null {
  const account = ctx.world.account(project.owner);
  return account ? accountView(account) : null;
}
