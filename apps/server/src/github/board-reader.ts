import type { ListItemsOptions } from './client.ts';
import type { GithubBoardFields, GithubItemHistory, GithubProjectItem } from './types.ts';

/** The GraphQL points left and when they reset (null: not known yet). */
export type RateBudget = { remaining: number; resetAt: number } | null;

/** What the collector needs from GitHub for one board. */
export type BoardReader = {
  /** The board's single-select fields: its workflow field is one of them (boards/workflow-field.ts). */
  getProjectFields(projectId: string): Promise<GithubBoardFields>;
  /**
   * `fieldName`: the workflow field whose value is each item's column (default Status); `iterationFields`: the
   * Iteration and estimate fields whose values each item brings too (none by default); `blockedField`:
   * the board's blocked field, likewise.
   */
  listProjectItems(projectId: string, options?: ListItemsOptions): Promise<GithubProjectItem[]>;
  /** Past Status changes and label events from the issues' timelines (best effort: GitHub omits some). */
  getStatusHistory(projectId: string): Promise<GithubItemHistory[]>;
  /** The `updatedAt` of each of these boards on GitHub (many at once, 1 point a hundred); missing: not found. */
  boardVersions(projectIds: readonly string[]): Promise<Map<string, string>>;
  /** The GraphQL points left and when they reset, as last seen. */
  rateBudget(): RateBudget;
  /** 'installation': reads with the GitHub App's installation token; otherwise a user's token. */
  readsAs?: 'installation';
};
