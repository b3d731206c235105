import type { SecondaryLimits } from './secondary-limits.ts';
/** The in-memory model the simulator serves. Field names follow GitHub's objects where they exist. */

export type OptionColor = 'BLUE' | 'GRAY' | 'GREEN' | 'ORANGE' | 'PINK' | 'PURPLE' | 'RED' | 'YELLOW';

export type SimUser = {
  kind: 'User';
  login: string;
  databaseId: number;
  nodeId: string;
  name: string;
  email: string;
  /** Other addresses on the account (`GET /user/emails`), verified or not; the primary is `email`. */
  otherEmails?: { email: string; verified: boolean }[];
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
  /** Members who own the organization (may install GitHub Apps); absent in worlds saved before owners. */
  owners?: Set<string>;
  /** Its issue types (model/hierarchy.ts); absent: GitHub's defaults, Task, Bug and Feature. */
  issueTypes?: SimIssueType[];
};

/** An organization's issue type, as `GET /orgs/{org}/issue-types` and GraphQL's `IssueType` show it. */
export type SimIssueType = {
  id: number;
  nodeId: string;
  name: string;
  description: string | null;
  color: 'gray' | 'blue' | 'green' | 'yellow' | 'orange' | 'red' | 'pink' | 'purple' | null;
  isEnabled: boolean;
  createdAt: number;
  updatedAt: number;
};

/** An issue blocking another ("blocked by"), from when it was added. */
export type SimDependency = { contentId: string; addedAt: number };

export type SimAccount = SimUser | SimOrg;

export type StatusOption = { id: string; name: string; color: OptionColor; description: string };

export type SingleSelectField = { nodeId: string; databaseId: number; name: string; options: StatusOption[] };

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
  /** The workflow field: the single-select field whose options are the board's columns (named Status by default). */
  statusField: SingleSelectField;
  /** The board's other single-select fields (Priority, Team…), after the workflow field; absent: none. */
  otherSingleSelects?: SingleSelectField[];
  /** The node id of the field the board view groups its columns by; absent: the workflow field. */
  boardColumnFieldId?: string;
  /** Item node ids, in board position order. */
  itemIds: string[];
  /** The board's Iteration field (model/iteration-fields.ts); absent: none. */
  iterationField?: IterationField;
  /** The board's Number fields (points, size…); absent: none. */
  numberFields?: NumberField[];
};

/** One iteration of an Iteration field: `startDate` YYYY-MM-DD, `duration` in days. */
export type SimIteration = { id: string; title: string; startDate: string; duration: number };
export type IterationField = { nodeId: string; databaseId: number; name: string; iterations: SimIteration[] };
export type NumberField = { nodeId: string; databaseId: number; name: string };
/** An item's value of an Iteration field (the iteration's id) or a Number field, and when it was set. */
export type SimFieldValue = { value: string | number; createdAt: number; updatedAt: number };

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
  /** Its issue type's node id (an organization's type); absent or null: none. */
  issueTypeId?: string | null;
  /** Its parent issue's content node id (sub-issues); absent or null: none. */
  parentId?: string | null;
  /** Its sub-issues' content node ids, in their order on the parent; absent: none. */
  subIssueIds?: string[];
  /** The issues blocking it (issue dependencies), oldest first; absent: none. */
  blockedBy?: SimDependency[];
  /** A pull request's merge (state MERGED); absent or null: not merged. */
  mergedAt?: number | null;
  /** A pull request's issues it closes when merged (linked, or "Fixes #n"), by content node id. */
  closesIssueIds?: string[];
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
  /**
   * Values of the Iteration, Number and other single-select fields (an option's id), by the field's node
   * id; absent: none set.
   */
  fieldValues?: Record<string, SimFieldValue>;
};

export type SimTimelineEvent = {
  kind:
    | 'AddedToProjectV2Event'
    | 'ProjectV2ItemStatusChangedEvent'
    | 'RemovedFromProjectV2Event'
    | ContentEventKind;
  nodeId: string;
  databaseId: number;
  contentId: string;
  /** The board of a Projects (v2) event; '' for a label event (labels belong to the issue). */
  projectId: string;
  actor: string;
  createdAt: number;
  previousStatus: string;
  status: string;
  /** The label put on or taken off (label events only). */
  label?: string;
  /** The user assigned (AssignedEvent only). */
  assignee?: string;
  /**
   * The pull request of a ConnectedEvent (linked in the issue's Development section) or CrossReferencedEvent
   * (it mentions the issue), or the one whose merge closed the issue (ClosedEvent): its content node id.
   */
  pullRequestId?: string;
  /** A CrossReferencedEvent's `willCloseTarget`: the pull request says it closes the issue ("Fixes #n"). */
  willCloseTarget?: boolean;
  /**
   * A Status change GitHub wrote no event for (the quirk `timelineEventLoss`): kept as the true history
   * (`trueStatusHistory`), never served.
   */
  lost?: boolean;
};

/** The events of an issue itself (not of a board) that the simulator writes on its timeline. */
export type ContentEventKind =
  | 'LabeledEvent'
  | 'UnlabeledEvent'
  | 'AssignedEvent'
  | 'ClosedEvent'
  | 'ReopenedEvent'
  | 'ConnectedEvent'
  | 'CrossReferencedEvent';

/**
 * Which GraphQL schema the simulated host serves: `extended` (github.com: @octokit/graphql-schema plus the
 * additions in graphql/schema.ts) or `published` (the package exactly, like an older GitHub Enterprise).
 */
export type SchemaVariant = 'extended' | 'published';
export const SCHEMA_VARIANTS: readonly SchemaVariant[] = ['extended', 'published'];

/**
 * A token that acts as a user: a classic OAuth token (`gho_`, `kind` absent or 'oauth') or a GitHub App's
 * user access token (`ghu_`, `kind: 'app-user'`, expiring unless the App opted out).
 */
export type SimToken = {
  token: string;
  login: string;
  scopes: string[];
  kind?: 'oauth' | 'app-user';
  appId?: number;
  /** Epoch ms after which the token answers 401 Bad credentials; absent/null = never. */
  expiresAt?: number | null;
};

export type AppPermissionLevel = 'read' | 'write';
export type AppPermissions = Record<string, AppPermissionLevel>;

/** The GitHub App of the world (registered by Fluxion's operator; the simulator holds one). */
export type SimApp = {
  id: number;
  slug: string;
  name: string;
  nodeId: string;
  /** The account that owns the App registration. */
  owner: string;
  clientId: string;
  clientSecret: string;
  /** PKCS#1 PEM, as GitHub hands out ("-----BEGIN RSA PRIVATE KEY-----"); '' until first needed. */
  privateKey: string;
  publicKey: string;
  permissions: AppPermissions;
  events: string[];
  webhookUrl: string | null;
  webhookSecret: string;
  setupUrl: string | null;
  callbackUrl: string | null;
  /** Whether user access tokens expire (8 h, with 6-month refresh tokens): GitHub's default. */
  userTokensExpire: boolean;
  createdAt: number;
};

/** An installation of the App on an organization. */
export type SimInstallation = {
  id: number;
  appId: number;
  /** The organization's login. */
  account: string;
  repositorySelection: 'all' | 'selected';
  /** Full names (owner/name) when the selection is 'selected'. */
  repositories: string[];
  permissions: AppPermissions;
  events: string[];
  suspendedAt: number | null;
  suspendedBy: string | null;
  createdAt: number;
  updatedAt: number;
};

/** `ghs_` installation access token: one hour, the installation's access or a narrower one. */
export type SimInstallationToken = {
  token: string;
  installationId: number;
  permissions: AppPermissions;
  /** Full names it is narrowed to; null = the installation's selection. */
  repositories: string[] | null;
  expiresAt: number;
};

/** `ghr_` refresh token of a user access token: six months, single use. */
export type SimRefreshToken = {
  token: string;
  login: string;
  appId: number;
  accessToken: string;
  expiresAt: number;
};

/** A member who is not an owner asked for the App to be installed (setup_action=request). */
export type SimInstallRequest = { id: number; account: string; requester: string; at: number };

/** Switches for GitHub rules the server is not ready for yet (default off). */
export type WorldOptions = {
  /**
   * A classic OAuth token without the `repo` scope cannot read private repositories, as on GitHub: their
   * items on boards are REDACTED (no content, no field values) and `GET /repos` answers 404. Off, the
   * simulator keeps its older kindness (a user's own visibility is enough).
   */
  classicScopesEnforced: boolean;
  /** GitHub's secondary rate limits (model/secondary-limits.ts) unless set lower, e.g. by a test. */
  secondaryLimits?: SecondaryLimits;
};

export type ItemChange =
  | { action: 'created' | 'archived' | 'restored' | 'deleted'; item: SimItem; actor: string; at: number }
  /** Moved on the board: the item before it (its node id; null: first), before and after. */
  | {
      action: 'reordered';
      item: SimItem;
      actor: string;
      at: number;
      previousItem: { from: string | null; to: string | null };
    }
  /** A draft issue converted to an issue: the item keeps its id, its content is the new issue. */
  | { action: 'converted'; item: SimItem; actor: string; at: number; fromType: ContentKind }
  | {
      action: 'edited';
      item: SimItem;
      actor: string;
      at: number;
      from: StatusOption | null;
      to: StatusOption | null;
      /** The single-select field edited; absent: the workflow field. */
      field?: SingleSelectField;
      /** An Iteration or Number value edited instead (`from`, `to` null): the field and its values. */
      iterationEdit?: IterationValueEdit;
    };

/** An edit of an item's Iteration value (the iteration's id) or Number value; null: none set. */
export type IterationValueEdit =
  | { type: 'iteration'; field: IterationField; from: string | null; to: string | null }
  | { type: 'number'; field: NumberField; from: number | null; to: number | null };
