import { issueAccessToken } from '../auth/access-tokens.ts';
import { readerFactory } from '../collector/readers.ts';
import { createCollector, type ReaderFactory } from '../collector/runner.ts';
import type { User } from '../db/schema.ts';
import { buildTestApp, type TestApp, testClock } from './app.ts';
import type { TestDatabase } from './databases.ts';
import { signedInGithubUser } from './users.ts';

type Sim = { url: string; createToken(login: string, scopes?: string[]): string };

/**
 * The collector suites' common start: the real app over `database`, reading GitHub from the simulator,
 * on a test clock at the real now; `login` signed in with a token the simulator minted; the simulator's
 * board `projectId` added by that user through the API, as Manage Projects adds it.
 */
export type TrackedBoard = TestApp & {
  user: User;
  sessionId: string;
  auth: { authorization: string };
  /** The board's row id. */
  boardId: string;
  reader: ReaderFactory;
  /** One collector run over every due board, without the history import. */
  collect(): Promise<number>;
  /** The next run lists the board in full (as if its last full listing were long ago), and runs. */
  fullListing(): Promise<number>;
  /** A fresh access token: a test whose clock runs past an access token's life signs in again. */
  signedIn(): Promise<{ authorization: string }>;
};

export async function trackedBoard(
  database: TestDatabase,
  sim: Sim,
  projectId: string,
  login = 'octo-bob',
): Promise<TrackedBoard> {
  const test = await buildTestApp(database, { githubUrl: sim.url, clock: testClock(Date.now()) });
  const { ctx } = test;
  const signedIn = await signedInGithubUser(ctx, sim, login);
  const added = await test.app.inject({
    method: 'POST',
    url: '/api/projects/',
    headers: signedIn.auth,
    payload: { project_id: projectId, iteration_length: 7 },
  });
  if (added.statusCode !== 201) throw new Error(`add: ${added.statusCode} ${added.body}`);
  const { id: boardId } = await ctx.db
    .selectFrom('boards')
    .select('id')
    .where('github_project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  const reader = readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 });
  const collect = () => createCollector(ctx, reader, { backfill: false }).runOnce();
  return {
    ...test,
    user: signedIn.user,
    sessionId: signedIn.sessionId,
    auth: signedIn.auth,
    boardId,
    reader,
    collect,
    fullListing: async () => {
      await ctx.db.updateTable('boards').set({ last_full_sync_at: 0 }).where('id', '=', boardId).execute();
      return collect();
    },
    signedIn: async () => ({
      authorization: `Bearer ${await issueAccessToken({
        userId: signedIn.user.id,
        sessionId: signedIn.sessionId,
        secret: ctx.config.jwtSecret,
        now: ctx.now(),
      })}`,
    }),
  };
}
