import { canSeeContent } from '../model/access.ts';
import { nodeId } from '../model/ids.ts';
import { statusOf } from '../model/items.ts';
import type { SimContent, SimFieldValue, SimItem, SimProject } from '../model/types.ts';
import { paginate } from './connection.ts';
import { type GqlContext, iso, type PageArgs, requireFieldName, type View } from './context.ts';
import { actorView } from './view-accounts.ts';
import { contentView } from './view-content.ts';
import { fieldViews, iterationFieldViews, projectView, statusFieldView } from './view-project.ts';

const ITEM_TYPE = { Issue: 'ISSUE', PullRequest: 'PULL_REQUEST', DraftIssue: 'DRAFT_ISSUE' } as const;

function visibleContent(ctx: GqlContext, item: SimItem): SimContent | null {
  const content = ctx.world.contents.get(item.contentId);
  if (!content) return null;
  return canSeeContent(ctx.world, ctx.principal, content) ? content : null;
}

function statusValue(ctx: GqlContext, item: SimItem, project: SimProject): View | null {
  const option = statusOf(ctx.world, item);
  if (!option || !item.status) return null;
  return {
    __typename: 'ProjectV2ItemFieldSingleSelectValue',
    id: nodeId('FieldValue', `${item.databaseId}-status`),
    name: option.name,
    nameHTML: option.name,
    optionId: option.id,
    color: option.color,
    description: option.description,
    descriptionHTML: option.description,
    createdAt: iso(item.status.createdAt),
    updatedAt: iso(item.status.updatedAt),
    creator: actorView(ctx.world.account(item.creator)),
    field: statusFieldView(project),
    item: () => itemView(item, project),
  };
}

function titleValue(item: SimItem, project: SimProject, content: SimContent): View {
  return {
    __typename: 'ProjectV2ItemFieldTextValue',
    id: nodeId('FieldValue', `${item.databaseId}-title`),
    text: content.title,
    createdAt: iso(item.createdAt),
    updatedAt: iso(content.updatedAt),
    creator: null,
    field: fieldViews(project)[0],
    item: () => itemView(item, project),
  };
}

/** An item's value of a single-select field other than the workflow field (model/iteration-fields.ts). */
function singleSelectValue(item: SimItem, project: SimProject, fieldId: string, set: SimFieldValue) {
  const select = project.otherSingleSelects?.find((f) => f.nodeId === fieldId);
  const option = select?.options.find((o) => o.id === set.value);
  if (!select || !option) return [];
  return [
    {
      __typename: 'ProjectV2ItemFieldSingleSelectValue',
      id: nodeId('FieldValue', `${item.databaseId}-${select.databaseId}`),
      name: option.name,
      nameHTML: option.name,
      optionId: option.id,
      color: option.color,
      description: option.description,
      descriptionHTML: option.description,
      createdAt: iso(set.createdAt),
      updatedAt: iso(set.updatedAt),
      creator: null,
      field: fieldViews(project).find((f) => f.id === select.nodeId),
      item: () => itemView(item, project),
    },
  ];
}

/** The item's Iteration, Number and other single-select values (model/iteration-fields.ts). */
function iterationValues(item: SimItem, project: SimProject): View[] {
  const fields = iterationFieldViews(project);
  return Object.entries(item.fieldValues ?? {}).flatMap(([fieldId, set]): View[] => {
    const field = fields.find((f) => f.id === fieldId);
    if (!field) return singleSelectValue(item, project, fieldId, set);
    const common = {
      id: nodeId('FieldValue', `${item.databaseId}-${field.databaseId}`),
      createdAt: iso(set.createdAt),
      updatedAt: iso(set.updatedAt),
      creator: null,
      field,
      item: () => itemView(item, project),
    };
    if (field.dataType === 'NUMBER') {
      return [{ ...common, __typename: 'ProjectV2ItemFieldNumberValue', number: set.value }];
    }
    const iteration = project.iterationField?.iterations.find((i) => i.id === set.value);
    if (!iteration) return [];
    return [
      {
        ...common,
        __typename: 'ProjectV2ItemFieldIterationValue',
        iterationId: iteration.id,
        title: iteration.title,
        titleHTML: iteration.title,
        startDate: iteration.startDate,
        duration: iteration.duration,
      },
    ];
  });
}

function values(ctx: GqlContext, item: SimItem, project: SimProject): View[] {
  const content = visibleContent(ctx, item);
  if (!content) return [];
  const status = statusValue(ctx, item, project);
  const iterationViews = iterationValues(item, project);
  return status
    ? [titleValue(item, project, content), status, ...iterationViews]
    : [titleValue(item, project, content), ...iterationViews];
}

/** A board item. Items whose content the viewer may not see are `REDACTED`, with no content and no values. */
export function itemView(item: SimItem, project: SimProject): View {
  return {
    __typename: 'ProjectV2Item',
    id: item.nodeId,
    databaseId: item.databaseId,
    fullDatabaseId: String(item.databaseId),
    isArchived: item.archivedAt !== null,
    createdAt: iso(item.createdAt),
    updatedAt: iso(item.updatedAt),
    creator: (_: unknown, ctx: GqlContext) => actorView(ctx.world.account(item.creator)),
    project: () => projectView(project),
    type: (_: unknown, ctx: GqlContext) => {
      const content = visibleContent(ctx, item);
      return content ? ITEM_TYPE[content.kind] : 'REDACTED';
    },
    content: (_: unknown, ctx: GqlContext) => {
      const content = visibleContent(ctx, item);
      return content ? contentView(content) : null;
    },
    fieldValueByName: ({ name }: { name: string }, ctx: GqlContext) => {
      requireFieldName(name);
      return values(ctx, item, project).find((v) => (v.field as View | undefined)?.name === name) ?? null;
    },
    fieldValues: (args: PageArgs, ctx: GqlContext) =>
      paginate(
        values(ctx, item, project),
        args,
        (_v, i) => i + 1,
        (v) => v,
      ),
  };
}
