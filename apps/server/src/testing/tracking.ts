import type { FastifyInstance } from 'fastify';
import { readerFactory } from '../collector/readers.ts';
import { createCollector } from '../collector/runner.ts';
import type { AppContext } from '../context.ts';

type SignedIn = { auth: Record<string, string> };

/**
 * Each user adds each board through the API, in order (the first to add a board collects it with their
 * token), then one collector run records what GitHub shows now, without the history import.
 */
export async function trackAndCollect(
  test: { app: FastifyInstance; ctx: AppContext },
  boards: string[],
  users: SignedIn[],
): Promise<void> {
  for (const user of users) {
    for (const id of boards) {
      const payload = { project_id: id, iteration_length: 7 };
      const added = await test.app.inject({
        method: 'POST',
        url: '/api/projects/',
        headers: user.auth,
        payload,
      });
      if (added.statusCode !== 201) throw new Error(`add ${id}: ${added.statusCode} ${added.body}`);
    }
  }
  await collectOnce(test.ctx);
}

/** One collector run over every due board, without the history import. */
export async function collectOnce(ctx: AppContext): Promise<void> {
  const reader = readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 });
  await createCollector(ctx, reader, { backfill: false }).runOnce();
}
