import type { Db } from '../db/connection.ts';

export type TestBoard = {
  id: string;
  githubProjectId: string;
  title?: string;
  columns?: string[];
  addedAt: number;
  /** Whose board it is on GitHub (default: a user's, `someone`). */
  owner?: { login: string; type: 'User' | 'Organization' };
  /** The user who tracks the board (and whose token collects it). */
  trackedBy?: { userId: string; iterationLengthDays: number };
};

/** A board row as registration leaves it, optionally tracked by one user. */
export async function insertTestBoard(db: Db, board: TestBoard): Promise<void> {
  await db
    .insertInto('boards')
    .values({
      id: board.id,
      github_project_id: board.githubProjectId,
      owner_login: board.owner?.login ?? 'someone',
      owner_type: board.owner?.type ?? 'User',
      number: 1,
      title: board.title ?? 'Test board',
      column_list: JSON.stringify(board.columns ?? ['Todo', 'Doing', 'Done']),
      is_demo: 0,
      added_at: board.addedAt,
      sync_status: 'active',
      last_synced_at: null,
      next_sync_at: board.addedAt,
      sync_error_count: 0,
      last_error: null,
      lease_owner: null,
      lease_until: null,
      collector_user_id: board.trackedBy?.userId ?? null,
    })
    .execute();
  if (!board.trackedBy) return;
  await db
    .insertInto('tracked_projects')
    .values({
      user_id: board.trackedBy.userId,
      board_id: board.id,
      iteration_length_days: board.trackedBy.iterationLengthDays,
      cycle_time_start_column: null,
      added_at: board.addedAt,
    })
    .execute();
}
