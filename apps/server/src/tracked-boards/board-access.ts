import type { Db } from '../db/connection.ts';
import { PREPARED } from '../db/postgres-statements.ts';
import type { User } from '../db/schema.ts';
import { ANALYSED_BOARD_COLUMNS, type AnalysedRow } from './analysed-row.ts';

/** What an analysis request needs to know before it may be answered (see analytics/access.ts). */
export type BoardAccess = {
  user: Pick<User, 'subscription_status' | 'subscription_end'>;
  /**
   * The board as this user's analyses read it (its analysed columns and their settings), or undefined:
   * not theirs, nor the visible demo.
   */
  board: AnalysedRow | undefined;
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
  const statement = accessStatement(db);
  const parameters = statement.parameters.map((p) =>
    p === SESSION ? session.sessionId : p === USER ? session.userId : p === PROJECT ? githubProjectId : p,
  );
  const [found] = (await db.executeQuery({ ...statement, parameters } as typeof statement)).rows;
  if (!found) return undefined;
  const { subscription_status, subscription_end, demo_hidden, tracked_by } = found;
  const user = { subscription_status, subscription_end };
  if (found.id === null) return { user, board: undefined, isDemo: false };
  const isDemo = found.is_demo === 1;
  // As listVisibleBoards: the boards the user tracks, and the demo unless they removed it from their list.
  const visible = tracked_by !== null || (isDemo && demo_hidden === 0);
  // The row as it came, the user's columns still in it: copying it without them cost more than the rest
  // of this function (a warm answer's every microsecond counts, docs/performance.md).
  // The left join types every board column nullable; with an id, the board's row was found whole.
  return { user, board: visible ? (found as AnalysedRow) : undefined, isDemo };
}

/** Stand-ins for the statement's values, replaced at each run. */
const SESSION = '\u0000session';
const USER = '\u0000user';
const PROJECT = '\u0000project';

/**
 * The access statement built and compiled once per database: every warm analysis runs it, and building
 * it with Kysely each time cost about as much as running it.
 */
const accessStatements = new WeakMap<Db, ReturnType<typeof buildAccessStatement>>();

function accessStatement(db: Db) {
  let statement = accessStatements.get(db);
  if (!statement) {
    statement = buildAccessStatement(db);
    accessStatements.set(db, statement);
  }
  return statement;
}

function buildAccessStatement(db: Db) {
  return (
    db
      .selectFrom('auth_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('boards as b', (join) => join.on('b.github_project_id', '=', PROJECT))
      .leftJoin('tracked_projects as t', (join) =>
        join.onRef('t.board_id', '=', 'b.id').onRef('t.user_id', '=', 's.user_id'),
      )
      .leftJoin('board_iteration_fields as pf', 'pf.board_id', 'b.id')
      .select(ANALYSED_BOARD_COLUMNS.map((column) => `b.${column}` as const))
      .select([
        'pf.iteration_field_name',
        'pf.iterations as iteration_list',
        'u.subscription_status',
        'u.subscription_end',
        'u.demo_hidden',
        't.user_id as tracked_by',
        't.iteration_length_days',
        't.cycle_time_start_column',
        't.column_classification',
      ])
      .where('s.id', '=', SESSION)
      .where('s.user_id', '=', USER)
      .where('s.ended_at', 'is', null)
      // GitHub revoked the user's access: the sign-in ends at its next authenticate or refresh (auth/sessions.ts).
      .where('u.github_access_revoked_at', 'is', null)
      .modifyEnd(PREPARED)
      .compile()
  );
}
