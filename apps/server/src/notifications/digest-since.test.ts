import { afterAll, describe, expect, it } from 'vitest';
import { ensureDemoBoard } from '../tracked-boards/demo.ts';
import { findDemoBoard } from '../tracked-boards/queries.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { keepBaseline, readBaseline } from './baselines.ts';
import { digestForUser } from './compose.ts';
import { digestEmail } from './messages.ts';

/**
 * The digest names the parents that slipped and the types whose cycle time grew since the week kept before
 * (docs/metrics.md, "Digest: parents that slipped, types whose cycle time grew"), on the demo board's two
 * parents and three types, on both databases: the first digest of a week keeps its figures, once.
 */
const cases = await dialectCases();
const NOW = Date.UTC(2026, 10, 25, 10);
const THIS_WEEK = '2026-11-23';
const LAST_WEEK = '2026-11-16';
const shift = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(cases)('a digest against last week on $name', async ({ create }) => {
  const database = await create();
  afterAll(() => database.drop());
  const built = await buildTestApp(database, { clock: testClock(NOW) });
  const ctx = { ...built.ctx, analytics: built.app.analytics };
  await ensureDemoBoard(ctx, { live: false });
  const board = await findDemoBoard(ctx.db);
  if (!board) throw new Error('no demo board');
  const { user } = await signedInUser(ctx);

  it('says nothing the first week, and keeps its forecasts and p85s once for the next', async () => {
    const first = await digestForUser(ctx, user.id, board, THIS_WEEK);
    expect(first?.sinceBefore).toBeNull();
    const kept = await readBaseline(ctx.db, board.id, shift(THIS_WEEK, 7));
    expect(kept?.period).toBe(THIS_WEEK);
    expect(kept?.parents.size).toBe(2);
    expect([...(kept?.types.keys() ?? [])].sort()).toEqual(['Bug', 'Feature', 'Task']);
    // A second digest of the week (another reader, a retry) keeps nothing new.
    await keepBaseline(ctx.db, board.id, THIS_WEEK, { parents: [], types: [] }, NOW);
    expect((await readBaseline(ctx.db, board.id, shift(THIS_WEEK, 7)))?.parents.size).toBe(2);
  });

  it('names the parents whose 85 % date moved later and the types whose p85 grew, in the e-mail', async () => {
    const now = await readBaseline(ctx.db, board.id, shift(THIS_WEEK, 7));
    if (!now) throw new Error('nothing kept');
    // Last week: one parent forecast ten days earlier, the other as now; Tasks at half their p85 now.
    const [slipping, steady] = [...now.parents.keys()];
    const parentRow = (id: string | undefined, date: string) => ({
      id: id ?? '',
      forecast: { remaining: 1, results: [{ confidence: 0.85, days: 1, date }] },
    });
    const taskP85 = now.types.get('Task') ?? 0;
    await keepBaseline(
      ctx.db,
      board.id,
      LAST_WEEK,
      {
        parents: [
          parentRow(slipping, shift(now.parents.get(slipping ?? '') ?? '', -10)),
          parentRow(steady, now.parents.get(steady ?? '') ?? ''),
        ] as never,
        types: [
          {
            type: 'Task',
            throughput: 9,
            wip: 1,
            p50: 1,
            p85: taskP85 / 2,
            oldest_days: 1,
            over_p85: 0,
            sle: null,
          },
        ],
      },
      NOW,
    );
    const digest = await digestForUser(ctx, user.id, board, THIS_WEEK);
    expect(digest?.sinceBefore?.period).toBe(LAST_WEEK);
    expect(digest?.sinceBefore?.slipped.map((p) => p.id)).toEqual([slipping]);
    expect(digest?.sinceBefore?.grown).toEqual([{ type: 'Task', was: taskP85 / 2, now: taskP85 }]);
    const text = digest ? digestEmail(digest, 'https://x/unsubscribe').text : '';
    expect(text).toContain('Parents that slipped since the week of Nov 16, 2026: #');
    expect(text).toContain(`Cycle time grew (p85) since the week of Nov 16, 2026: Task`);
  });
});
