/** What Fluxion reads from GitHub, in its own words. Times are ISO 8601 strings as GitHub sends them. */

export type GithubLogger = {
  warn: (obj: object, msg: string) => void;
  debug?: (obj: object, msg: string) => void;
};

export type GithubClientOptions = {
  /** REST base, e.g. https://api.github.com, or the simulator's URL. */
  apiUrl: string;
  token: string;
  logger?: GithubLogger;
  /** Retries on 5xx, network errors and secondary rate limits (default 4). */
  retries?: number;
  /** The longest single wait before a retry; a longer retry-after throws GithubRateLimitError (default 60 s). */
  maxRetryDelayMs?: number;
  /** Multiplies every wait before a retry (tests: 0, for instant retries). */
  retryDelayScale?: number;
  /** How long one call (one answer) may take before it fails (default 15 s, GITHUB_CALL_TIMEOUT_MS). */
  callTimeoutMs?: number;
  /**
   * When set, every call of the client, with its retries and their waits, ends within this many ms of the
   * client's creation: a route a user waits on creates its client per request (a request-scoped deadline).
   */
  deadlineMs?: number;
};

export type RateLimitInfo = {
  limit: number;
  remaining: number;
  used: number;
  resetAt: string;
  cost?: number;
  resource: string;
};

export type GithubViewer = {
  id: string;
  databaseId: number;
  login: string;
  name: string | null;
  avatarUrl: string;
};

export type GithubAuthenticatedUser = {
  id: number;
  node_id: string;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string;
};

export type GithubOwner = { id: string; login: string; name: string | null; type: 'User' | 'Organization' };

export type GithubProject = {
  id: string;
  number: number;
  title: string;
  url: string;
  closed: boolean;
  owner: { login: string; type: 'User' | 'Organization' };
  updatedAt: string;
};

export type GithubColumn = { id: string; name: string; color: string };

/** A single-select field of a board: a workflow field candidate (its options would be the columns). */
export type GithubSingleSelectField = { id: string; name: string; options: GithubColumn[] };

/** A board's single-select fields, and the field its first board-layout view groups its columns by. */
export type GithubBoardFields = {
  fields: GithubSingleSelectField[];
  boardColumnFieldId: string | null;
  /** Its Iteration field and Number fields (github/iteration-fields.ts); absent where not read. */
  iterationFields?: GithubIterationFields;
};

/** One iteration of an Iteration field, completed ones too. */
export type GithubIteration = { id: string; title: string; startDate: string; duration: number };

/** A board's (first) Iteration field with its iterations, and its Number fields: estimate candidates. */
export type GithubIterationFields = {
  iterationField: { id: string; name: string; iterations: GithubIteration[] } | null;
  numberFields: { id: string; name: string }[];
};

/** The names the item listing asks values of: the board's Iteration and estimate fields ('' for none). */
export type IterationFieldNames = {
  iterationField: string;
  estimateField: string;
  /** Their node ids where known: a listing checks that the names still find these fields. */
  iterationFieldId?: string | null;
  estimateFieldId?: string | null;
};

/** An issue another one points to (its parent, an issue blocking it), as GitHub shows it now. */
export type GithubRelatedIssue = {
  contentId: string;
  number: number;
  /** `owner/name` */
  repository: string;
  title: string;
  url: string;
  closed: boolean;
  /** When it was closed; read for blocking issues only (null: open, or not read). */
  closedAt?: string | null;
};

/**
 * An issue's place among others: its parent and sub-issue counts (every host), its type and the issues
 * blocking it (hosts with `issueRelations`: absent where not read). None for pull requests and drafts.
 */
export type GithubIssueRelations = {
  parent: GithubRelatedIssue | null;
  subIssues: { total: number; completed: number } | null;
  issueType?: string | null;
  blockedBy?: GithubRelatedIssue[];
};

export type GithubItemContent = {
  id: string;
  type: 'Issue' | 'PullRequest' | 'DraftIssue';
  number: number | null;
  title: string;
  url: string | null;
  state: 'OPEN' | 'CLOSED' | 'MERGED' | null;
  milestone: string | null;
  labels: string[];
  /** Logins of the assigned users (the first 10); absent when the query did not ask for them. */
  assignees?: string[];
  createdAt: string;
  closedAt: string | null;
  /** Issues only. */
  relations?: GithubIssueRelations;
};

export type GithubProjectItem = {
  /** The item's node id (PVTI_…): stable for as long as the issue stays on the board. */
  id: string;
  type: 'ISSUE' | 'PULL_REQUEST' | 'DRAFT_ISSUE' | 'REDACTED';
  isArchived: boolean;
  createdAt: string;
  updatedAt: string;
  /** Null for REDACTED items (content the token may not see). */
  content: GithubItemContent | null;
  status: string | null;
  statusOptionId: string | null;
  /** When the Status value was last set: when the item entered its current column. */
  statusUpdatedAt: string | null;
  /** Its Iteration value (the iteration's id) and its estimate field's value; null when unset or not asked. */
  iterationId: string | null;
  estimate: number | null;
  /** Its value of the board's blocked field and when that was set; null when unset or not asked. */
  blockedField: { value: string; optionId: string | null; updatedAt: string | null } | null;
  /** Its value of the board's breakdown field and when that was set; absent or null when unset or not asked. */
  breakdownField?: { value: string; optionId: string | null; updatedAt: string | null } | null;
};

export type GithubStatusChange = { at: string; from: string | null; to: string | null };

/** A label put on (`added`) or taken off the issue, from its timeline. */
export type GithubLabelEvent = { at: string; label: string; added: boolean };

export type GithubItemHistory = {
  itemId: string | null;
  contentId: string;
  addedAt: string | null;
  changes: GithubStatusChange[];
  /** Its label events, oldest first (whatever board: labels belong to the issue). */
  labels: GithubLabelEvent[];
  /** When the issue was assigned, closed and reopened (absent: not read): a lost history's evidence. */
  assigned?: string[];
  closed?: string[];
  reopened?: string[];
  /**
   * Its linked pull requests (Development links, mentions), each once: opened, merged (null: not yet),
   * and whether its merge closes the issue ("Fixes #n", a Development link, or it was the closer).
   */
  pullRequests?: { openedAt: string; mergedAt: string | null; closes: boolean }[];
};
