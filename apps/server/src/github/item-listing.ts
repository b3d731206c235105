import { FieldRenamedError, GithubSchemaError } from './errors.ts';
import { hostLacks, markHostLacks } from './host-features.ts';
import { allPages, type GithubTransport, gqlNodes, needing } from './graphql-transport.ts';
import {
  type ItemsRequest,
  itemsRequest,
  type ListItemsOptions,
  type ListVariables,
} from './items-request.ts';
import {
  hasBlockers,
  type Page,
  present,
  type RawItem,
  type RawRelatedIssue,
  toItem,
  toRelatedIssue,
} from './mappers.ts';
import * as Q from './queries.ts';
import type { GithubProjectItem } from './types.ts';

type AskedField = { id?: string } | null | undefined;
type AskedFields = Partial<
  Record<
    'askedField' | 'askedBlockedField' | 'askedBreakdownField' | 'askedIterationField' | 'askedEstimateField',
    AskedField
  >
>;
type FieldCheck = { alias: keyof AskedFields; want: string | null | undefined; name: string | undefined };

/** A schema error naming one of these is a host without the issues' types and dependencies. */
const RELATION_FIELDS = /issueType|issueDependenciesSummary|blockedBy|IssueType/;

/** The fields asked by name on each item, with the ids they must have (unknown ids are not checked). */
function fieldChecks(variables: ListVariables, opts: ListItemsOptions): FieldCheck[] {
  return [
    { alias: 'askedField', want: opts.fieldIds?.workflow, name: variables.field },
    { alias: 'askedBlockedField', want: opts.fieldIds?.blocked, name: variables.blockedField },
    { alias: 'askedBreakdownField', want: opts.fieldIds?.breakdown, name: variables.breakdownField },
    {
      alias: 'askedIterationField',
      want: opts.iterationFields?.iterationFieldId,
      name: variables.iterationField,
    },
    {
      alias: 'askedEstimateField',
      want: opts.iterationFields?.estimateFieldId,
      name: variables.estimateField,
    },
  ];
}

function checkAskedFields(node: AskedFields | null, checks: FieldCheck[]) {
  if (!node) return;
  for (const { alias, want, name } of checks) {
    if (want && node[alias]?.id !== want) {
      throw new FieldRenamedError(
        `the field "${name ?? ''}" is no longer the board's field ${want} on GitHub`,
      );
    }
  }
}

async function listItems(
  t: GithubTransport,
  { document, variables }: ItemsRequest,
  opts: ListItemsOptions,
): Promise<GithubProjectItem[]> {
  type Data = { node: ({ items?: Page<RawItem> } & AskedFields) | null };
  const checks = fieldChecks(variables, opts);
  const raw = await allPages<Data, RawItem>(t, document, variables, (data) => {
    checkAskedFields(data.node, checks);
    return data.node?.items;
  });
  const items = raw.map(toItem);
  const blocked = raw.filter(hasBlockers).map((r) => r.content?.id ?? '');
  if (blocked.length > 0) await addBlockers(t, items, blocked);
  return items;
}

/** The issues blocking those the listing found blocked: 100 issues a round trip (Q.BLOCKED_BY). */
async function addBlockers(
  t: GithubTransport,
  items: GithubProjectItem[],
  contentIds: string[],
): Promise<void> {
  type Data = { nodes: ({ id?: string; blockedBy?: { nodes: (RawRelatedIssue | null)[] } } | null)[] };
  const blockers = new Map<string, RawRelatedIssue[]>();
  for (let i = 0; i < contentIds.length; i += 100) {
    const data = await gqlNodes<Data>(t, Q.BLOCKED_BY, { ids: contentIds.slice(i, i + 100) });
    for (const node of data.nodes)
      if (node?.id && node.blockedBy) blockers.set(node.id, present(node.blockedBy.nodes));
  }
  for (const item of items) {
    const relations = item.content?.relations;
    const found = item.content && blockers.get(item.content.id);
    if (relations && found) relations.blockedBy = found.map(toRelatedIssue);
  }
}

/**
 * The listing with the issues' types and dependencies where the host has them; a host without them
 * (older GitHub Enterprise) is listed without them from then on (unpublished.ts).
 */
async function listRelated(t: GithubTransport, projectId: string, opts: ListItemsOptions, filtered: boolean) {
  const relations = !hostLacks(t.host, 'issueRelations');
  try {
    return await listItems(t, itemsRequest(projectId, opts, { filtered, relations }), opts);
  } catch (error) {
    if (!relations || !(error instanceof GithubSchemaError) || !RELATION_FIELDS.test(error.message))
      throw error;
    if (markHostLacks(t.host, 'issueRelations'))
      t.logger?.warn(
        { host: t.host, reason: error.message },
        'GitHub host lacks issue types or dependencies',
      );
    return listItems(t, itemsRequest(projectId, opts, { filtered, relations: false }), opts);
  }
}

/**
 * Every item of a board (all pages); `updatedSinceDays` narrows to items changed since then, where the
 * host can filter (`items(query:)`): elsewhere every item comes back.
 */
export async function listProjectItems(
  t: GithubTransport,
  projectId: string,
  opts: ListItemsOptions,
): Promise<GithubProjectItem[]> {
  if (opts.updatedSinceDays) {
    try {
      return await needing(t, 'filteredItems', () => listRelated(t, projectId, opts, true));
    } catch (error) {
      if (!(error instanceof GithubSchemaError)) throw error;
    }
  }
  return listRelated(t, projectId, opts, false);
}
