import type { Db } from '../db/connection.ts';
import { PREPARED } from '../db/postgres-statements.ts';
import type { User } from '../db/schema.ts';
import type { TrackedRow } from './queries.ts';

/** What an analysis request needs to know before it may be answered (see analytics/access.ts). */
export type BoardAccess = {
  user: Pick<User, 'subscription_status' | 'subscription_end'>;
  /** The board as this user sees it (with their settings), or undefined: not theirs, nor the visible demo. */
  board: TrackedRow | undefined;
  /** Whether the project id names the demo board, visible to this user or not (the paywall leaves it open). */
  isDemo: boolean;
};

/**
 * In one statement (one round trip on PostgreSQL): whether the sign-in is live, the user's subscription
 * and demo setting, and the board with its data version as `findVisibleBoard` would find it.
 * Undefined when the sign-in has ended (or never was this user's).
 */
export async function findBoardAccess(
  db: Db,
  session: { sessionId: string; userId: string },
  githubProjectId: string,
): Promise<BoardAccess | undefined> {
  const found = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('boards as b', (join) => join.on('b.github_project_id', '=', githubProjectId))
    .leftJoin('tracked_projects as t', (join) =>
      join.onRef('t.board_id', '=', 'b.id').onRef('t.user_id', '=', 's.user_id'),
    )
    .selectAll('b')
    .select([
      'u.subscription_status',
      'u.subscription_end',
      'u.demo_hidden',
      't.user_id as tracked_by',
      't.iteration_length_days',
      't.cycle_time_start_column',
      't.column_classification',
    ])
    .where('s.id', '=', session.sessionId)
    .where('s.user_id', '=', session.userId)
    .where('s.ended_at', 'is', null)
    // GitHub revoked the user's access: the sign-in ends at its next authenticate or refresh (auth/sessions.ts).
    .where('u.github_access_revoked_at', 'is', null)
    .modifyEnd(PREPARED)
    .executeTakeFirst();
  if (!found) return undefined;
  const { subscription_status, subscription_end, demo_hidden, tracked_by, ...board } = found;
  const user = { subscription_status, subscription_end };
  if (board.id === null) return { user, board: undefined, isDemo: false };
  const isDemo = board.is_demo === 1;
  // As listVisibleBoards: the boards the user tracks, and the demo unless they removed it from their list.
  const visible = tracked_by !== null || (isDemo && demo_hidden === 0);
  return { user, board: visible ? (board as TrackedRow) : undefined, isDemo };
}
