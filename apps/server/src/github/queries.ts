/** The GraphQL documents the client sends. Each asks for `rateLimit` so the budget is always known. */

const RATE = 'rateLimit { limit remaining used cost resetAt }';
const PAGE = 'pageInfo { hasNextPage endCursor }';
const PROJECT =
  'id number title url closed updatedAt owner { __typename ... on User { login } ... on Organization { login } }';

export const VIEWER = `query Viewer { viewer { id databaseId login name avatarUrl } ${RATE} }`;

export const OWNERS = `query Owners($cursor: String) {
  viewer { id login name organizations(first: 100, after: $cursor) { ${PAGE} nodes { id login name } } }
  ${RATE}
}`;

export const VIEWER_PROJECTS = `query ViewerProjects($cursor: String) {
  viewer { projectsV2(first: 100, after: $cursor) { ${PAGE} nodes { ${PROJECT} } } }
  ${RATE}
}`;

export const ORG_PROJECTS = `query OrgProjects($login: String!, $cursor: String) {
  organization(login: $login) { projectsV2(first: 100, after: $cursor) { ${PAGE} nodes { ${PROJECT} } } }
  ${RATE}
}`;

export const USER_PROJECTS = `query UserProjects($login: String!, $cursor: String) {
  user(login: $login) { projectsV2(first: 100, after: $cursor) { ${PAGE} nodes { ${PROJECT} } } }
  ${RATE}
}`;

/** The boards' `updatedAt`, many at once (up to 100 ids): 1 point, whatever the number of boards. */
export const BOARD_VERSIONS = `query BoardVersions($ids: [ID!]!) {
  nodes(ids: $ids) { ... on ProjectV2 { id updatedAt } }
  ${RATE}
}`;

const SINGLE_SELECT = '... on ProjectV2SingleSelectField { id name options { id name color } }';

/** The Iteration field with its iterations (completed ones too) and the Number fields: estimate candidates. */
const ITERATION = 'id title startDate duration';
const ITERATION_FIELDS = `... on ProjectV2IterationField { id name dataType configuration { iterations { ${ITERATION} } completedIterations { ${ITERATION} } } }
        ... on ProjectV2Field { id name dataType }`;

/**
 * The board with its single-select fields (a workflow field is one of them) and the field each view's
 * columns are grouped by (a board-layout view's column field): 1 point.
 */
export const PROJECT_FIELDS = `query ProjectFields($id: ID!) {
  node(id: $id) {
    ... on ProjectV2 {
      ${PROJECT}
      fields(first: 50) { nodes { ${SINGLE_SELECT} ${ITERATION_FIELDS} } }
      views(first: 20) { nodes { layout verticalGroupByFields(first: 1) { nodes { ... on ProjectV2SingleSelectField { id } } } } }
    }
  }
  ${RATE}
}`;

/** An issue another one points to (its parent, an issue blocking it): what the item page names. */
const RELATED_ISSUE = 'id number title url closed repository { nameWithOwner }';

/**
 * An issue's parent and its sub-issues' counts (published): objects, not connections, so they add no
 * point to a listing.
 */
const ISSUE_RELATIONS = `parent { ${RELATED_ISSUE} } subIssuesSummary { total completed }`;

/**
 * Its type and how many issues block it (github.com serves them, unpublished: github/unpublished.ts):
 * objects again; the blocking issues themselves are read only for the items that have any (BLOCKED_BY).
 */
const UNPUBLISHED_RELATIONS = 'issueType { name } issueDependenciesSummary { totalBlockedBy }';

/**
 * The issues blocking each of up to 100 issues (those a listing found blocked): one round trip and 1 point
 * for up to 100 blocked items, none for a board without dependencies. All of each: GitHub allows 50 blockers
 * an issue, one page of `first: 50` (priced by the 100 nodes it hangs from, as `first: 10` was).
 */
export const BLOCKED_BY = `query BlockedBy($ids: [ID!]!) {
  nodes(ids: $ids) { ... on Issue { id blockedBy(first: 50) { nodes { ${RELATED_ISSUE} closedAt } } } }
  ${RATE}
}`;

/**
 * An item's content. GitHub prices a connection once per fragment it appears in, so labels and assignees
 * are asked once, through the interfaces Issue and PullRequest share (Labelable, Assignable): a page of
 * 100 items is 1 + 100 (+ 100) requests, 1 point (2 with assignees) instead of 2 (4). Only the full
 * listing asks assignees, not the minute's incremental one, which leaves the stored ones as they are.
 */
function content(withAssignees: boolean, relations: boolean): string {
  const assignees = withAssignees ? '\n  ... on Assignable { assignees(first: 10) { nodes { login } } }' : '';
  return `content {
  __typename
  ... on DraftIssue { id title createdAt }
  ... on Issue { id number title url issueState: state createdAt closedAt milestone { title } ${ISSUE_RELATIONS}${relations ? ` ${UNPUBLISHED_RELATIONS}` : ''} }
  ... on PullRequest { id number title url prState: state createdAt closedAt milestone { title } }
  ... on Labelable { labels(first: 20) { nodes { name } } }${assignees}
}`;
}

/**
 * The fields a listing reads besides the workflow field, each only where the board has it: GitHub publishes
 * nothing about `field(name: "")` or `fieldValueByName(name: "")`, so a field the board lacks is not asked
 * at all (no empty names). `asked`: the field the name finds now, whose id is checked, so that a field
 * renamed since is not read under its old name; `value`: its value on each item.
 */
const OPTIONAL_FIELDS = {
  blocked: {
    variable: 'blockedField',
    asked: 'askedBlockedField: field(name: $blockedField) { ... on ProjectV2SingleSelectField { id } }',
    value:
      'blocked: fieldValueByName(name: $blockedField) { ... on ProjectV2ItemFieldSingleSelectValue { name optionId updatedAt } }',
  },
  breakdown: {
    variable: 'breakdownField',
    asked: 'askedBreakdownField: field(name: $breakdownField) { ... on ProjectV2SingleSelectField { id } }',
    value:
      'breakdown: fieldValueByName(name: $breakdownField) { ... on ProjectV2ItemFieldSingleSelectValue { name optionId updatedAt } }',
  },
  iteration: {
    variable: 'iterationField',
    asked: 'askedIterationField: field(name: $iterationField) { ... on ProjectV2IterationField { id } }',
    value:
      'iteration: fieldValueByName(name: $iterationField) { ... on ProjectV2ItemFieldIterationValue { iterationId } }',
  },
  estimate: {
    variable: 'estimateField',
    asked: 'askedEstimateField: field(name: $estimateField) { ... on ProjectV2Field { id } }',
    value:
      'estimate: fieldValueByName(name: $estimateField) { ... on ProjectV2ItemFieldNumberValue { number } }',
  },
} as const;

export type OptionalField = keyof typeof OPTIONAL_FIELDS;
export const OPTIONAL_FIELD_NAMES = Object.keys(OPTIONAL_FIELDS) as OptionalField[];

export function optionalFieldVariable(
  name: OptionalField,
): (typeof OPTIONAL_FIELDS)[OptionalField]['variable'] {
  return OPTIONAL_FIELDS[name].variable;
}

/**
 * What a listing asks: `filtered` sends `items(query:)`, which is missing from the published schema and
 * from older GitHub Enterprise hosts, where declaring it fails the whole listing, so only a filtered listing
 * sends it; `fields`: the optional fields the board has.
 */
export type ItemsDocumentParts = {
  filtered: boolean;
  fields: readonly OptionalField[];
  /** Asks the issue's type and dependencies, which a host may lack (unpublished.ts); absent: true. */
  relations?: boolean;
};

/**
 * `$field`: the name of the board's workflow field, whose value says the item's column (GitHub offers no
 * field value by field id on an item); `$blockedField`: the field the team names as its blocked marker,
 * whose value and when it was set come along (docs/metrics.md, "Blocked time"); `$breakdownField`: the
 * field Flow splits the work by (docs/metrics.md, "Breakdown"), likewise; the Iteration and estimate fields.
 */
function projectItems({ filtered, fields, relations = true }: ItemsDocumentParts): string {
  const optional = OPTIONAL_FIELD_NAMES.filter((name) => fields.includes(name)).map(
    (n) => OPTIONAL_FIELDS[n],
  );
  const variables = [
    '$id: ID!',
    '$cursor: String',
    ...(filtered ? ['$filter: String!'] : []),
    '$field: String!',
    ...optional.map((f) => `$${f.variable}: String!`),
  ].join(', ');
  return `query ${filtered ? 'FilteredProjectItems' : 'ProjectItems'}(${variables}) {
  node(id: $id) {
    ... on ProjectV2 {
      askedField: field(name: $field) { ... on ProjectV2SingleSelectField { id } }
      ${optional.map((f) => f.asked).join('\n      ')}
      items(first: 100, after: $cursor${filtered ? ', query: $filter' : ''}) {
        ${PAGE}
        nodes {
          id type isArchived createdAt updatedAt
          ${content(!filtered, relations)}
          status: fieldValueByName(name: $field) { ... on ProjectV2ItemFieldSingleSelectValue { name optionId updatedAt } }
          ${optional.map((f) => f.value).join('\n          ')}
        }
      }
    }
  }
  ${RATE}
}`;
}

const itemsDocuments = new Map<string, string>();

/** The listing's document for these parts (made once each). */
export function projectItemsDocument(parts: ItemsDocumentParts): string {
  const key = `${parts.filtered}:${parts.relations ?? true}:${OPTIONAL_FIELD_NAMES.filter((n) => parts.fields.includes(n)).join(',')}`;
  let document = itemsDocuments.get(key);
  if (!document) {
    document = projectItems(parts);
    itemsDocuments.set(key, document);
  }
  return document;
}

/**
 * Every listing document the client can send: filtered or not, with or without the issues' types and
 * dependencies, with each subset of the optional fields.
 */
export function everyProjectItemsDocument(): string[] {
  const subsets: OptionalField[][] = [[]];
  for (const name of OPTIONAL_FIELD_NAMES) subsets.push(...subsets.map((subset) => [...subset, name]));
  return [false, true].flatMap((filtered) =>
    [true, false].flatMap((relations) =>
      subsets.map((fields) => projectItemsDocument({ filtered, fields, relations })),
    ),
  );
}

export const PROJECT_ITEMS = projectItemsDocument({ filtered: false, fields: OPTIONAL_FIELD_NAMES });
export const FILTERED_PROJECT_ITEMS = projectItemsDocument({ filtered: true, fields: OPTIONAL_FIELD_NAMES });

/**
 * An issue's Projects (v2) events, its label events (the blocked label's past: docs/metrics.md, "Blocked
 * time") and its assignments, closings and reopenings and linked pull requests (a Development link's
 * ConnectedEvent, a mention's CrossReferencedEvent, the pull request that closed it: the evidence a lost
 * history is reconstructed from, docs/metrics.md, "Reconstructed histories"), paged by the variable
 * `cursorVariable` names. One connection for all: the import's round trips stay one a page of items (plus
 * one a page for an issue with more than 100 events).
 */
const timeline = (
  cursorVariable: string,
) => `timelineItems(first: 100, after: $${cursorVariable}, itemTypes: [ADDED_TO_PROJECT_V2_EVENT, PROJECT_V2_ITEM_STATUS_CHANGED_EVENT, LABELED_EVENT, UNLABELED_EVENT, ASSIGNED_EVENT, CLOSED_EVENT, REOPENED_EVENT, CONNECTED_EVENT, CROSS_REFERENCED_EVENT]) {
  ${PAGE}
  nodes {
    __typename
    ... on AddedToProjectV2Event { createdAt project { id } }
    ... on ProjectV2ItemStatusChangedEvent { createdAt previousStatus status project { id } }
    ... on LabeledEvent { createdAt label { name } }
    ... on UnlabeledEvent { createdAt label { name } }
    ... on AssignedEvent { createdAt }
    ... on ClosedEvent { createdAt closer { __typename ... on PullRequest { id createdAt mergedAt } } }
    ... on ReopenedEvent { createdAt }
    ... on ConnectedEvent { createdAt subject { __typename ... on PullRequest { id createdAt mergedAt } } }
    ... on CrossReferencedEvent { createdAt willCloseTarget source { __typename ... on PullRequest { id createdAt mergedAt } } }
  }
}`;

export const CONTENT_TIMELINE = `query ContentTimeline($id: ID!, $cursor: String) {
  node(id: $id) {
    ... on Issue { id ${timeline('cursor')} }
    ... on PullRequest { id ${timeline('cursor')} }
  }
  ${RATE}
}`;

/** 50 items a page, each with its first 100 timeline events: 51 requests, 1 point. */
export const PROJECT_TIMELINES = `query ProjectTimelines($id: ID!, $cursor: String, $timelineAfter: String) {
  node(id: $id) {
    ... on ProjectV2 {
      items(first: 50, after: $cursor) {
        ${PAGE}
        nodes { id content { ... on Issue { id ${timeline('timelineAfter')} } ... on PullRequest { id ${timeline('timelineAfter')} } } }
      }
    }
  }
  ${RATE}
}`;
