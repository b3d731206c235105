import { afterEach, describe, expect, it } from 'vitest';
import type { Board } from '../db/schema.ts';
import { forgetHostFeatures } from '../github/host-features.ts';
import { collectorWorldPerTest, DAY, MINUTE, START } from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';
import { readerFactory } from './readers.ts';
import { createCollector } from './runner.ts';

describe.each(await dialectCases())(
  'collecting from GitHub hosts with and without the schema additions on $name',
  ({ create }) => {
    const world = collectorWorldPerTest(create);
    afterEach(forgetHostFeatures);

    /** A collector that notes how many items each listing returned. */
    function countingCollector(listed: number[]) {
      const readers = readerFactory(world.ctx, null, { retries: 1, retryDelayScale: 0 });
      return createCollector(world.ctx, async (board: Board) => {
        const reader = await readers(board);
        if (!reader) return null;
        return {
          ...reader,
          listProjectItems: async (...args: Parameters<typeof reader.listProjectItems>) => {
            const items = await reader.listProjectItems(...args);
            listed.push(items.length);
            return items;
          },
        };
      });
    }

    /** Adds a board of three items (`a` moved over a day before), syncs it, then moves `b` and polls again. */
    async function addAndPoll() {
      const board = await world.createBoard('fluxion-labs', { a: 'Todo', b: 'Todo', c: 'Todo' });
      await world.control(`/_sim/items/${board.items.a}/move`, {
        status: 'In Progress',
        at: START - DAY - 1,
      });
      const row = await world.register(board.projectId);
      const listed: number[] = [];
      expect(await countingCollector(listed).runOnce()).toBe(1);
      await world.advance(2 * MINUTE);
      await world.move(board.items.b ?? '', 'In Progress');
      await world.flush();
      await world.advance(2 * MINUTE);
      expect(await countingCollector(listed).runOnce()).toBe(1);
      const projects = (await world.app.inject({ url: '/api/projects/', headers: world.auth })).json();
      const project = projects.find((p: { project_id: string }) => p.project_id === board.projectId);
      return { board, row: await world.board(row.id), listed, project, moves: await world.moves(row.id) };
    }

    it('on a host serving the published schema: full listings, no backfill, and a note for the users', async () => {
      await world.control('/_sim/schema', { schema: 'published' });
      const { board, row, listed, project, moves } = await addAndPoll();
      expect(listed).toEqual([3, 3]);
      expect(row).toMatchObject({ sync_status: 'active', sync_error_count: 0, last_error: null });
      expect(row.backfilled_at).not.toBeNull();
      expect(row.backfill_skipped).toBe('no_timeline_events');
      expect(project.history_import).toBe('unavailable');
      expect(moves.map((m) => m.source)).not.toContain('backfill');
      expect(moves.filter((m) => m.item === board.items.b).map((m) => [m.from, m.to])).toEqual([
        [null, 'Todo'],
        ['Todo', 'In Progress'],
      ]);
    });

    it('on a host with them (github.com): filtered listings and the timeline backfill', async () => {
      const { board, row, listed, project, moves } = await addAndPoll();
      expect(listed).toEqual([3, 1]);
      expect(row.backfill_skipped).toBeNull();
      expect(project.history_import).toBe('done');
      const ofA = moves.filter((m) => m.item === board.items.a);
      expect(ofA.map((m) => [m.from, m.to, m.source])).toContainEqual(['Todo', 'In Progress', 'backfill']);
    });
  },
);
