import { nodeId } from '../model/ids.ts';
import type { SimItem, SimIteration, SimProject, SingleSelectField } from '../model/types.ts';
import { paginate } from './connection.ts';
import { type GqlContext, iso, type PageArgs, requireFieldName, type View } from './context.ts';
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
  return singleSelectView(project, project.statusField);
}

function singleSelectView(project: SimProject, field: SingleSelectField): View {
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
  const others = (project.otherSingleSelects ?? []).map((f) => singleSelectView(project, f));
  return [
    plain[0],
    plain[1],
    statusFieldView(project),
    ...others,
    ...plain.slice(2),
    ...iterationFieldViews(project),
  ].filter((v): v is View => v !== undefined);
}

/** The Iteration field and the Number fields (model/iteration-fields.ts), after the built-in fields. */
export function iterationFieldViews(project: SimProject): View[] {
  const field = (id: string, databaseId: number, name: string, dataType: string, typename: string): View => ({
    __typename: typename,
    id,
    databaseId,
    name,
    dataType,
    createdAt: iso(project.createdAt),
    updatedAt: iso(project.createdAt),
    project: () => projectView(project),
  });
  const numbers = (project.numberFields ?? []).map((f) =>
    field(f.nodeId, f.databaseId, f.name, 'NUMBER', 'ProjectV2Field'),
  );
  const iteration = project.iterationField;
  if (!iteration) return numbers;
  const view = field(
    iteration.nodeId,
    iteration.databaseId,
    iteration.name,
    'ITERATION',
    'ProjectV2IterationField',
  );
  const iterationView = (i: SimIteration) => ({ ...i, titleHTML: i.title });
  // GitHub splits them by date: an iteration whose last day has passed is completed.
  const done = (i: SimIteration, ctx: GqlContext) =>
    Date.parse(`${i.startDate}T00:00:00Z`) + i.duration * 86_400_000 <= ctx.world.now();
  view.configuration = (_: unknown, ctx: GqlContext) => ({
    duration: iteration.iterations[0]?.duration ?? 14,
    startDay: 1,
    iterations: iteration.iterations.filter((i) => !done(i, ctx)).map(iterationView),
    completedIterations: iteration.iterations.filter((i) => done(i, ctx)).map(iterationView),
  });
  return [...numbers, view];
}

/**
 * A table view, then a board view whose columns are the workflow field's options (or the field set with
 * `boardColumnField`): what a new GitHub project shows once a board view is added.
 */
function viewViews(project: SimProject): View[] {
  const columnField = fieldViews(project).find(
    (f) => f.id === (project.boardColumnFieldId ?? project.statusField.nodeId),
  );
  const view = (number: number, name: string, layout: string, groups: View[]): View => ({
    __typename: 'ProjectV2View',
    id: nodeId('ProjectV2View', `${project.databaseId}-${number}`),
    databaseId: project.databaseId * 10 + number,
    fullDatabaseId: String(project.databaseId * 10 + number),
    number,
    name,
    layout,
    filter: null,
    createdAt: iso(project.createdAt),
    updatedAt: iso(project.createdAt),
    project: () => projectView(project),
    verticalGroupByFields: (args: PageArgs) =>
      paginate(
        groups,
        args,
        (_f, i) => i + 1,
        (f) => f,
      ),
    groupByFields: (args: PageArgs) =>
      paginate(
        [],
        args,
        (_f, i) => i + 1,
        (f) => f,
      ),
  });
  return [
    view(1, 'Table', 'TABLE_LAYOUT', []),
    view(2, 'Board', 'BOARD_LAYOUT', columnField ? [columnField] : []),
  ];
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
    field: ({ name }: { name: string }) =>
      fieldViews(project).find((f) => f.name === requireFieldName(name)) ?? null,
    views: (args: PageArgs) =>
      paginate(
        viewViews(project),
        args,
        (v) => v.number as number,
        (v) => v,
      ),
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
