import { schema as octokitSchema } from '@octokit/graphql-schema';
import { buildSchema, type GraphQLSchema } from 'graphql';
import type { SchemaVariant } from '../model/types.ts';

/*
 * ─── SCHEMA EXTENSIONS: the one place where the simulator adds to @octokit/graphql-schema ───
 * The published package (15.26.x) lags behind api.github.com. Each addition below exists on GitHub:
 * - `ProjectV2.items(query: String)`: "Search query for filtering items", the same filter syntax as the
 *   project views (e.g. `last-updated:7days`), https://docs.github.com/en/graphql/reference/objects#projectv2
 *   and https://docs.github.com/en/issues/planning-and-tracking-with-projects/customizing-views-in-your-project/filtering-projects
 * - Issue / pull request timeline events for Projects (v2): `AddedToProjectV2Event`,
 *   `ProjectV2ItemStatusChangedEvent` (previousStatus, status, project), `RemovedFromProjectV2Event`, their
 *   `IssueTimelineItemsItemType` values, https://docs.github.com/en/graphql/reference/objects#projectv2itemstatuschangedevent
 * - Issue types and issue dependencies: `Issue.issueType` (`IssueType`: name, color, description,
 *   isEnabled), `Issue.blockedBy` / `Issue.blocking` (issue connections) and `Issue.issueDependenciesSummary`
 *   (`blockedBy`, `blocking`: the open ones; `totalBlockedBy`, `totalBlocking`: all),
 *   https://docs.github.com/en/graphql/reference/objects#issue and #issuedependenciessummary. Sub-issues
 *   (`parent`, `subIssues`, `subIssuesSummary`) are published.
 */
const EXTENSIONS = /* GraphQL */ `
type AddedToProjectV2Event implements Node {
  actor: Actor
  createdAt: DateTime!
  databaseId: Int
  id: ID!
  project: ProjectV2
  wasAutomated: Boolean!
}
type ProjectV2ItemStatusChangedEvent implements Node {
  actor: Actor
  createdAt: DateTime!
  databaseId: Int
  id: ID!
  previousStatus: String!
  project: ProjectV2
  status: String!
  wasAutomated: Boolean!
}
type RemovedFromProjectV2Event implements Node {
  actor: Actor
  createdAt: DateTime!
  databaseId: Int
  id: ID!
  project: ProjectV2
  wasAutomated: Boolean!
}
extend union IssueTimelineItems = AddedToProjectV2Event | ProjectV2ItemStatusChangedEvent | RemovedFromProjectV2Event
extend union PullRequestTimelineItems = AddedToProjectV2Event | ProjectV2ItemStatusChangedEvent | RemovedFromProjectV2Event
extend enum IssueTimelineItemsItemType {
  ADDED_TO_PROJECT_V2_EVENT
  PROJECT_V2_ITEM_STATUS_CHANGED_EVENT
  REMOVED_FROM_PROJECT_V2_EVENT
}
extend enum PullRequestTimelineItemsItemType {
  ADDED_TO_PROJECT_V2_EVENT
  PROJECT_V2_ITEM_STATUS_CHANGED_EVENT
  REMOVED_FROM_PROJECT_V2_EVENT
}
enum IssueTypeColor {
  BLUE
  GRAY
  GREEN
  ORANGE
  PINK
  PURPLE
  RED
  YELLOW
}
type IssueType implements Node {
  color: IssueTypeColor!
  description: String
  id: ID!
  isEnabled: Boolean!
  name: String!
}
type IssueDependenciesSummary {
  blockedBy: Int!
  blocking: Int!
  totalBlockedBy: Int!
  totalBlocking: Int!
}
extend type Issue {
  blockedBy(after: String, before: String, first: Int, last: Int): IssueConnection!
  blocking(after: String, before: String, first: Int, last: Int): IssueConnection!
  issueDependenciesSummary: IssueDependenciesSummary!
  issueType: IssueType
}
`;

/** Adds `query: String` to `ProjectV2.items(...)` (an argument cannot be added with `extend`). */
function addItemsQueryArgument(sdl: string): string {
  const typeStart = sdl.indexOf('type ProjectV2 implements');
  const itemsStart = sdl.indexOf('  items(\n', typeStart);
  const argsEnd = sdl.indexOf('  ): ProjectV2ItemConnection!', itemsStart);
  if (typeStart < 0 || itemsStart < 0 || argsEnd < 0)
    throw new Error('ProjectV2.items not found in the schema');
  const argument = '    """\n    Search query for filtering items\n    """\n    query: String\n';
  return sdl.slice(0, argsEnd) + argument + sdl.slice(argsEnd);
}
/* ─── end of SCHEMA EXTENSIONS ─── */

const cached = new Map<SchemaVariant, GraphQLSchema>();

/** GitHub's schema as github.com serves it (`extended`), or the published package exactly. */
export function githubSchema(variant: SchemaVariant = 'extended'): GraphQLSchema {
  let schema = cached.get(variant);
  if (schema) return schema;
  const sdl = octokitSchema.idl;
  const source = variant === 'published' ? sdl : `${addItemsQueryArgument(sdl)}\n${EXTENSIONS}`;
  schema = buildSchema(source, { assumeValidSDL: true });
  cached.set(variant, schema);
  return schema;
}
