/** The in-memory model the simulator serves. Field names follow GitHub's objects where they exist. */

export type OptionColor = 'BLUE' | 'GRAY' | 'GREEN' | 'ORANGE' | 'PINK' | 'PURPLE' | 'RED' | 'YELLOW';

export type SimUser = {
  kind: 'User';
  login: string;
  databaseId: number;
  nodeId: string;
  name: string;
  email: string;
  createdAt: number;
  /** OAuth client ids this user has already approved, with the scopes granted. */
  approvals: Map<string, Set<string>>;
};

export type SimOrg = {
  kind: 'Organization';
  login: string;
  databaseId: number;
  nodeId: string;
  name: string;
  description: string;
  createdAt: number;
  members: Set<string>;
};

export type SimAccount = SimUser | SimOrg;

export type StatusOption = { id: string; name: string; color: OptionColor; description: string };

export type SimProject = {
  nodeId: string;
  databaseId: number;
  number: number;
  owner: string;
  ownerType: 'User' | 'Organization';
  title: string;
  shortDescription: string;
  public: boolean;
  closed: boolean;
  createdAt: number;
  updatedAt: number;
  statusField: { nodeId: string; databaseId: number; name: string; options: StatusOption[] };
  /** Item node ids, in board position order. */
  itemIds: string[];
};

export type SimMilestone = { nodeId: string; number: number; title: string; dueOn: number | null };
export type SimLabel = { nodeId: string; name: string; color: string };

export type ContentKind = 'Issue' | 'PullRequest' | 'DraftIssue';

export type SimContent = {
  kind: ContentKind;
  nodeId: string;
  databaseId: number;
  /** owner/name; empty for draft issues. */
  repo: string;
  number: number;
  title: string;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  milestone: SimMilestone | null;
  labels: SimLabel[];
  /** Logins of the assigned users. */
  assignees: string[];
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
  /** When set, only these logins may see the content (a private repository): others get REDACTED items. */
  visibleTo: Set<string> | null;
};

export type SimItem = {
  nodeId: string;
  databaseId: number;
  projectId: string;
  contentId: string;
  position: number;
  creator: string;
  createdAt: number;
  updatedAt: number;
  archivedAt: number | null;
  /** Current Status value: option id and when it was set. */
  status: { optionId: string; createdAt: number; updatedAt: number } | null;
};

export type SimTimelineEvent = {
  kind: 'AddedToProjectV2Event' | 'ProjectV2ItemStatusChangedEvent' | 'RemovedFromProjectV2Event';
  nodeId: string;
  databaseId: number;
  contentId: string;
  projectId: string;
  actor: string;
  createdAt: number;
  previousStatus: string;
  status: string;
};

/**
 * Which GraphQL schema the simulated host serves: `extended` (github.com: @octokit/graphql-schema plus the
 * additions in graphql/schema.ts) or `published` (the package exactly, like an older GitHub Enterprise).
 */
export type SchemaVariant = 'extended' | 'published';
export const SCHEMA_VARIANTS: readonly SchemaVariant[] = ['extended', 'published'];

export type SimToken = { token: string; login: string; scopes: string[] };

export type ItemChange =
  | { action: 'created' | 'archived' | 'restored' | 'deleted'; item: SimItem; actor: string; at: number }
  | {
      action: 'edited';
      item: SimItem;
      actor: string;
      at: number;
      from: StatusOption | null;
      to: StatusOption | null;
    };
