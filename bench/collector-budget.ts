import type { BoardReader } from '../apps/server/src/github/board-reader.ts';
import { readerFactory } from '../apps/server/src/collector/readers.ts';
import { createCollector } from '../apps/server/src/collector/runner.ts';
import type { Board } from '../apps/server/src/db/schema.ts';
import { HOUR, MINUTE, START, startCollectorWorld } from '../apps/server/src/testing/collector-sim.ts';
import type { TestDatabase } from '../apps/server/src/testing/databases.ts';
import { moveItems, pointsUsed, resetPoints, seedBoard } from './collector-board.ts';

/**
 * The GitHub budget, measured: BENCH_BUDGET_BOARDS boards (20) of 1,000 items in the simulator, read over
 * HTTP by the real collector at the default schedule, both clocks moved a collector tick at a time through
 * simulated hours; points from the simulator's rate-limit accounting. Hours in turn: idle boards, boards
 * with BENCH_BUDGET_MOVES moves an hour each (4), without webhooks, then with webhooks delivered (one hour
 * to settle into the webhook schedule, not printed), then idle boards whose webhooks arrived lately.
 */
const BOARDS = Number(process.env.BENCH_BUDGET_BOARDS ?? 20);
const ITEMS = 1000;
const MOVES_PER_HOUR = Number(process.env.BENCH_BUDGET_MOVES ?? 4);

type Hour = { name: string; webhooks: boolean; moves: boolean; shown: boolean };
const HOURS: Hour[] = [
  // The registrations' full listings fall in the first hour: a steady hour follows it.
  { name: 'settling after registration', webhooks: false, moves: false, shown: false },
  { name: 'idle, no webhooks', webhooks: false, moves: false, shown: true },
  { name: `${MOVES_PER_HOUR} moves/h a board, no webhooks`, webhooks: false, moves: true, shown: true },
  { name: 'settling into webhooks', webhooks: true, moves: true, shown: false },
  { name: `${MOVES_PER_HOUR} moves/h a board, webhooks`, webhooks: true, moves: true, shown: true },
  { name: 'idle, webhooks heard lately', webhooks: true, moves: false, shown: true },
];

export type BudgetHour = {
  name: string;
  points: number;
  questions: number;
  full: number;
  incremental: number;
  wallMs: number;
};
export type BudgetFigures = { boards: number; hours: BudgetHour[] };

type Counts = { questions: number; full: number; incremental: number };

function countingReaders(world: Awaited<ReturnType<typeof startCollectorWorld>>, counts: Counts) {
  const real = readerFactory(world.ctx, null, { retries: 1, retryDelayScale: 0 });
  return async (board: Board): Promise<BoardReader | null> => {
    const reader = await real(board);
    if (!reader) return null;
    return {
      ...reader,
      listProjectItems: (id, options) => {
        if (options?.updatedSinceDays) counts.incremental += 1;
        else counts.full += 1;
        return reader.listProjectItems(id, options);
      },
      boardVersions: (ids) => {
        counts.questions += 1;
        return reader.boardVersions(ids);
      },
    };
  };
}

export async function benchBudget(create: () => Promise<TestDatabase>): Promise<BudgetFigures> {
  const database = await create();
  const world = await startCollectorWorld(database);
  const hookUrls = world.sim.webhooks.urls;
  // Seeding makes thousands of changes; their webhooks would make every board look webhook-fed.
  world.sim.webhooks.urls = [];
  try {
    const boards = Array.from({ length: BOARDS }, () => seedBoard(world.sim, ITEMS, START));
    for (const board of boards) await world.register(board.projectId);
    const counts: Counts = { questions: 0, full: 0, incremental: 0 };
    const collector = createCollector(world.ctx, countingReaders(world, counts), { backfill: false });
    while ((await collector.runOnce()) > 0);
    const tick = world.ctx.config.collectorTiming.tickMs;
    const every = HOUR / MOVES_PER_HOUR;
    const hours: BudgetHour[] = [];
    let moved = 0;
    for (const hour of HOURS) {
      world.sim.webhooks.urls = hour.webhooks ? hookUrls : [];
      resetPoints(world.sim);
      Object.assign(counts, { questions: 0, full: 0, incremental: 0 });
      const start = performance.now();
      for (let elapsed = tick; elapsed <= HOUR; elapsed += tick) {
        await world.advance(tick);
        if (hour.moves) {
          // Board b moves at its own minutes, so that the moves spread over the hour.
          boards.forEach((board, b) => {
            if ((elapsed + b * MINUTE) % every !== 0) return;
            moveItems(world.sim, board.items.slice(moved % ITEMS), 1);
            moved += 1;
          });
          if (hour.webhooks) await world.flush();
        }
        await collector.runOnce();
      }
      if (hour.shown)
        hours.push({
          name: hour.name,
          points: pointsUsed(world.sim),
          ...counts,
          wallMs: performance.now() - start,
        });
    }
    return { boards: BOARDS, hours };
  } finally {
    await world.close();
    await database.drop();
  }
}

export function printBudget(dialect: string, figures: BudgetFigures): void {
  const pad = (cells: (string | number)[]) =>
    cells.map((c, i) => String(c)[i === 0 ? 'padEnd' : 'padStart'](i === 0 ? 34 : 9)).join(' ');
  console.log(
    `\n${dialect}: GitHub budget, measured: ${figures.boards} boards × ${ITEMS} items of one user, an hour each ` +
      '(the default schedule, simulated clock; points from the simulator)',
  );
  console.log(pad(['hour', 'points', '% 5,000', 'a day', 'questions', 'full', 'increm.', 'wall s']));
  for (const h of figures.hours) {
    const share = ((h.points / 5000) * 100).toFixed(1);
    const row = [h.name, h.points, share, h.points * 24, h.questions, h.full, h.incremental];
    console.log(pad([...row, (h.wallMs / 1000).toFixed(0)]));
  }
}
