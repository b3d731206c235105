import type { FlowResponse } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { collectorWorldPerTest } from '../testing/collector-sim.ts';
import { dialectCases } from '../testing/databases.ts';
import { generateBoard, HISTORY_ERROR_BOUNDS, measureBoard, poolLoss } from '../testing/history-measure.ts';

/**
 * Reconstructed histories (docs/metrics.md): a small generated board, its timeline events lost at 70 %
 * and 100 %, imported and reconstructed, stays within the documented error of `npm run measure:history`.
 */
describe.each(await dialectCases())('reconstructed histories on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it.each([0.7, 1])(
    'loss %s: the estimated starts and the p85 stay within the documented error',
    async (loss) => {
      world.sim.webhooks.urls = [];
      const project = await generateBoard(world, 7, 30, loss);
      const measure = poolLoss(loss, [await measureBoard(world, project)]);
      const bound = HISTORY_ERROR_BOUNDS[String(loss)];
      if (!bound) throw new Error(`no documented bound for loss ${loss}`);
      expect(measure.start.count).toBeGreaterThan(3);
      expect(measure.start.median).toBeLessThanOrEqual(bound.startMedian);
      expect(measure.start.p90).toBeLessThanOrEqual(bound.startP90);
      expect(measure.p85Shift).toBeLessThanOrEqual(bound.p85Shift);
      // Linked pull requests and work labels are evidence: some starts rest on each.
      const bases = await world.ctx.db
        .selectFrom('transitions')
        .select('basis')
        .distinct()
        .where('source', '=', 'estimated')
        .execute();
      expect(bases.map((b) => b.basis)).toEqual(expect.arrayContaining(['pr_opened', 'labeled', 'assigned']));
      // The estimates count more finished items than the partial rule alone, none more than the truth has.
      expect(measure.counted.reconstructed).toBeGreaterThan(measure.counted.partialOnly);
      expect(measure.counted.reconstructed).toBeLessThanOrEqual(measure.counted.truth);
      // Lead times: every item with a cycle time has one, and those joined-only too (their joining exact).
      expect(measure.leadCounted.reconstructed).toBeGreaterThanOrEqual(measure.counted.reconstructed);
      expect(measure.leadCounted.reconstructed).toBeLessThanOrEqual(measure.leadCounted.truth);
      if (measure.join.count > 0) expect(measure.join.p90).toBeLessThan(1 / 1440);

      // Every analysis can leave them out: the scatter's estimated points go, the recorded ones stay.
      const get = async (query: string) => {
        const response = await world.app.inject({
          method: 'GET',
          url: `/api/flow/?project=${project.id}&days=90${query}`,
          headers: world.auth,
        });
        expect(response.statusCode).toBe(200);
        return response.json() as FlowResponse;
      };
      const withEstimates = await get('');
      const without = await get('&estimated=leave_out');
      const estimated = withEstimates.cycle_time.points.filter((p) => p.estimated);
      expect(estimated.length).toBeGreaterThan(0);
      expect(without.cycle_time.points.every((p) => !p.estimated)).toBe(true);
      expect(without.cycle_time.points.map((p) => p.id)).toEqual(
        withEstimates.cycle_time.points.filter((p) => !p.estimated).map((p) => p.id),
      );
      const bad = await world.app.inject({
        method: 'GET',
        url: `/api/flow/?project=${project.id}&estimated=maybe`,
        headers: world.auth,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('estimated must be one of include, leave_out');
    },
    120_000,
  );
});
