/**
 * The code a benchmark measures: this checkout's, or another revision's checked out at BENCH_CODE_ROOT
 * (bench/run.ts does so for BENCH_BASE), so that the same harness measures both side by side. The
 * harness (load generator, board generator, figures) is always this checkout's.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where the measured code lives: BENCH_CODE_ROOT, else this checkout. */
export const codeRoot = resolve(process.env.BENCH_CODE_ROOT ?? fileURLToPath(new URL('..', import.meta.url)));

const at = (path: string) => pathToFileURL(join(codeRoot, path)).href;

/** The server's and engine's modules the API benchmark uses, from `codeRoot`. */
export async function serverCode() {
  const [
    flow,
    loadMoves,
    items,
    app,
    reportedMoves,
    config,
    compact,
    connection,
    migrate,
    databases,
    users,
    snapshots,
  ] = await Promise.all([
    import(at('packages/flow/src/index.ts')) as Promise<typeof import('../packages/flow/src/index.ts')>,
    import(at('apps/server/src/move-log/load-moves.ts')) as Promise<
      typeof import('../apps/server/src/move-log/load-moves.ts')
    >,
    import(at('apps/server/src/move-log/items.ts')) as Promise<
      typeof import('../apps/server/src/move-log/items.ts')
    >,
    import(at('apps/server/src/app.ts')) as Promise<typeof import('../apps/server/src/app.ts')>,
    import(at('apps/server/src/testing/reported-moves.ts')) as Promise<
      typeof import('../apps/server/src/testing/reported-moves.ts')
    >,
    import(at('apps/server/src/config.ts')) as Promise<typeof import('../apps/server/src/config.ts')>,
    import(at('apps/server/src/move-log/compact.ts')) as Promise<
      typeof import('../apps/server/src/move-log/compact.ts')
    >,
    import(at('apps/server/src/db/connection.ts')) as Promise<
      typeof import('../apps/server/src/db/connection.ts')
    >,
    import(at('apps/server/src/db/migrate.ts')) as Promise<typeof import('../apps/server/src/db/migrate.ts')>,
    import(at('apps/server/src/testing/databases.ts')) as Promise<
      typeof import('../apps/server/src/testing/databases.ts')
    >,
    import(at('apps/server/src/testing/users.ts')) as Promise<
      typeof import('../apps/server/src/testing/users.ts')
    >,
    // Revisions before the board snapshot (issue 38) have none: the bench then skips taking one.
    (
      import(at('apps/server/src/move-log/board-snapshots.ts')) as Promise<
        Partial<typeof import('../apps/server/src/move-log/board-snapshots.ts')>
      >
    ).catch(() => ({}) as Partial<typeof import('../apps/server/src/move-log/board-snapshots.ts')>),
  ]);
  return {
    ...flow,
    ...loadMoves,
    ...items,
    ...app,
    ...reportedMoves,
    ...config,
    ...compact,
    ...connection,
    migrateToLatest: migrate.migrateToLatest,
    ...databases,
    ...users,
    snapshotBoard: snapshots.snapshotBoard,
    loadBoard: snapshots.loadBoard,
  };
}

/** The flow engine from `codeRoot`. */
export const flowCode = () =>
  import(at('packages/flow/src/index.ts')) as Promise<typeof import('../packages/flow/src/index.ts')>;
