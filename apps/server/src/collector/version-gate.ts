import type { AppContext } from '../context.ts';
import type { Board } from '../db/schema.ts';
import type { BoardReader } from '../github/board-reader.ts';

/** A board's `updatedAt` on GitHub (null: GitHub did not say) and when GitHub was asked. */
export type SeenVersion = { updatedAt: string | null; askedAt: number };

/** Asks GitHub a board's updatedAt; null when the question failed (the board is then listed anyway). */
export type VersionGate = (board: Board, reader: BoardReader) => Promise<SeenVersion | null>;

type Answer = { askedAt: number; versions: Map<string, string> };

/**
 * One question per GitHub identity and poll: the first due board of a user asks the updatedAt of all the
 * boards read with that user's token (1 point for up to 100), and the user's other boards due within
 * `freshMs` take the same answer. The answers are the collector's own (one collector per app).
 */
export function versionGate(ctx: AppContext, freshMs: number): VersionGate {
  const answers = new Map<string, Answer>();
  return async (board, reader) => {
    const key = board.is_demo === 1 ? 'demo' : `user:${board.collector_user_id}`;
    const now = ctx.now();
    let answer = answers.get(key);
    if (!answer || !answersFor(answer, board, now, freshMs)) {
      try {
        const ids = await boardsReadAlike(ctx, board);
        answer = { askedAt: now, versions: await reader.boardVersions(ids) };
      } catch (error) {
        ctx.log?.warn({ board: board.id, reason: (error as Error).message }, 'asking board versions failed');
        return null;
      }
      answers.set(key, answer);
    }
    return { updatedAt: answer.versions.get(board.github_project_id) ?? null, askedAt: answer.askedAt };
  };
}

/**
 * Whether a kept answer holds for this board: fresh, naming it, and asked after the board's last sync.
 * A board polled again soon after its sync (a webhook asked for it, or its sync failed) asks anew: the
 * answer its last sync took is older than what it must now see.
 */
function answersFor(answer: Answer, board: Board, now: number, freshMs: number): boolean {
  if (now - answer.askedAt >= freshMs || !answer.versions.has(board.github_project_id)) return false;
  return board.last_synced_at === null || answer.askedAt > Number(board.last_synced_at);
}

/** The GitHub ids of the boards read with the same identity as `board` (it first), that can be synced. */
async function boardsReadAlike(ctx: AppContext, board: Board): Promise<string[]> {
  if (board.is_demo === 1 || !board.collector_user_id) return [board.github_project_id];
  const rows = await ctx.db
    .selectFrom('boards')
    .select('github_project_id')
    .where('collector_user_id', '=', board.collector_user_id)
    .where('is_demo', '=', 0)
    .where('sync_status', 'not in', ['static', 'inaccessible'])
    .where('id', '!=', board.id)
    .execute();
  return [board.github_project_id, ...rows.map((r) => r.github_project_id)];
}
