import type { HostFeature } from './host-features.ts';

/**
 * What Fluxion's queries use that GitHub's published GraphQL schema lacks (the schema in the npm package
 * `@octokit/graphql-schema`, checked by `published-schema.unit.test.ts`): github.com serves each,
 * undocumented, and older GitHub Enterprise hosts do not. The client learns per host which are missing
 * (`host-features.ts`, from the schema error) and falls back; docs/github.md lists the same parts. A query
 * that uses anything else GitHub does not publish fails that test.
 */
export type UnpublishedPart = {
  /** The schema coordinate, as GitHub's docs name it. */
  coordinate: string;
  feature: HostFeature;
  /** What Fluxion does on a host without it. */
  fallback: string;
  /** How github.com serves it, in SDL: what the test adds to the published schema. */
  addition:
    | { kind: 'argument'; type: string; field: string; argument: string }
    | { kind: 'sdl'; sdl: string };
};

const TIMELINE_FALLBACK =
  'no import of earlier moves: a board starts from its first listing, and Manage Projects says the history import is unavailable';

/** An issue or pull request timeline event type, with its `itemTypes` value. */
function timelineEvent(type: string, itemType: string, fields: string): UnpublishedPart {
  return {
    coordinate: `${type} (timeline item type ${itemType})`,
    feature: 'projectTimelines',
    fallback: TIMELINE_FALLBACK,
    addition: {
      kind: 'sdl',
      sdl: `type ${type} implements Node { id: ID! createdAt: DateTime! ${fields} }
extend union IssueTimelineItems = ${type}
extend union PullRequestTimelineItems = ${type}
extend enum IssueTimelineItemsItemType { ${itemType} }
extend enum PullRequestTimelineItemsItemType { ${itemType} }`,
    },
  };
}

const RELATIONS_FALLBACK =
  'listings read no issue types and no dependencies: items have no type, and an issue blocking another does not count as blocked time';

/** An issue's field github.com serves (docs.github.com/en/graphql/reference/objects#issue), with its type. */
function issueField(field: string, sdl: string): UnpublishedPart {
  return {
    coordinate: `Issue.${field}`,
    feature: 'issueRelations',
    fallback: RELATIONS_FALLBACK,
    addition: { kind: 'sdl', sdl },
  };
}

export const UNPUBLISHED_GRAPHQL: readonly UnpublishedPart[] = [
  {
    coordinate: 'ProjectV2.items(query:)',
    feature: 'filteredItems',
    fallback:
      "the minute's listing of a changed board reads all its items instead of those updated in the last days",
    addition: { kind: 'argument', type: 'ProjectV2', field: 'items', argument: 'query: String' },
  },
  timelineEvent('AddedToProjectV2Event', 'ADDED_TO_PROJECT_V2_EVENT', 'project: ProjectV2'),
  timelineEvent(
    'ProjectV2ItemStatusChangedEvent',
    'PROJECT_V2_ITEM_STATUS_CHANGED_EVENT',
    'previousStatus: String! status: String! project: ProjectV2',
  ),
  issueField(
    'issueType',
    `enum IssueTypeColor { BLUE GRAY GREEN ORANGE PINK PURPLE RED YELLOW }
type IssueType implements Node { color: IssueTypeColor! description: String id: ID! isEnabled: Boolean! name: String! }
extend type Issue { issueType: IssueType }`,
  ),
  issueField(
    'issueDependenciesSummary',
    `type IssueDependenciesSummary { blockedBy: Int! blocking: Int! totalBlockedBy: Int! totalBlocking: Int! }
extend type Issue { issueDependenciesSummary: IssueDependenciesSummary! }`,
  ),
  issueField(
    'blockedBy',
    'extend type Issue { blockedBy(after: String, before: String, first: Int, last: Int): IssueConnection! }',
  ),
];

/**
 * What GitHub has that Fluxion does not read, and why: named so that nobody mistakes its absence for an
 * oversight (docs/github.md). `published-schema.unit.test.ts` fails once the published schema has it.
 */
export const NOT_READ = [
  {
    what: 'Issue fields (organization single-select, text, number and date fields; public preview)',
    schemaTypes: /\bIssueField\w*\b/,
    why: "not in GitHub's published GraphQL schema, and its REST API has them only per issue (a round trip per item)",
    instead: 'a breakdown by a single-select field of the board (tracked-boards/breakdown-field.ts)',
  },
] as const;
