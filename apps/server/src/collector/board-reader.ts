import type { GithubColumn, GithubItemHistory, GithubProjectItem } from '../github/types.ts';
import type { RateBudget } from './schedule.ts';

/** What the collector needs from GitHub for one board. */
export type BoardReader = {
  getProjectColumns(projectId: string): Promise<GithubColumn[]>;
  listProjectItems(projectId: string, options?: { updatedSinceDays?: number }): Promise<GithubProjectItem[]>;
  /** Past Status changes from the issues' timelines (best effort: GitHub omits some). */
  getStatusHistory(projectId: string): Promise<GithubItemHistory[]>;
  /** The GraphQL points left and when they reset, as last seen. */
  rateBudget(): RateBudget;
};
