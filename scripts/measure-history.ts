/**
 * `npm run measure:history`: the error of reconstructed histories (docs/metrics.md, "Reconstructed
 * histories"). Generates MEASURE_BOARDS boards (default 6) of MEASURE_ITEMS items (default 60) in the GitHub
 * simulator, loses 70 % and then 100 % of their timeline events, imports them with the real collector into
 * SQLite, reconstructs, and prints the error against the true history the simulator keeps.
 */
import { createSqliteTestDatabase } from '../apps/server/src/testing/databases.ts';
import { startCollectorWorld } from '../apps/server/src/testing/collector-sim.ts';
import { type LossMeasure, measureHistory } from '../apps/server/src/testing/history-measure.ts';

const boards = Number(process.env.MEASURE_BOARDS ?? 6);
const items = Number(process.env.MEASURE_ITEMS ?? 60);
// MEASURE_PULL_REQUESTS=0: the same boards without linked pull requests (the rule's other evidence alone).
const pullRequests = process.env.MEASURE_PULL_REQUESTS !== '0';
// MEASURE_LABELS_AND_FIELDS=0: the same boards without labels and other fields set.
const labelsAndFields = process.env.MEASURE_LABELS_AND_FIELDS !== '0';
const database = await createSqliteTestDatabase();
const world = await startCollectorWorld(database);
world.sim.webhooks.urls = [];
try {
  const measures = await measureHistory(world, {
    boards,
    items,
    losses: [0.7, 1],
    pullRequests,
    labelsAndFields,
  });
  const d = (v: number | null) => (v === null || Number.isNaN(v) ? '—' : v.toFixed(2));
  const linked = [
    pullRequests ? 'with linked pull requests' : 'without linked pull requests',
    labelsAndFields ? 'labels and other fields' : 'no labels or other fields',
  ].join(', ');
  console.log(`${boards} boards of ${items} items each, seeds 1–${boards}, ${linked}; errors in days`);
  console.log(
    'loss | start median | start p90 | done median | done p90 | p50 shift | p85 shift | partial rule p50 / p85 shift | cycle times: truth / reconstructed / partial rule | lead times: truth / reconstructed / partial rule | joined only: join error median / p90 (items)',
  );
  for (const m of measures as LossMeasure[]) {
    console.log(
      [
        `${m.loss * 100} %`,
        `${d(m.start.median)} (${m.start.count})`,
        d(m.start.p90),
        `${d(m.done.median)} (${m.done.count})`,
        d(m.done.p90),
        d(m.p50Shift),
        d(m.p85Shift),
        `${d(m.partialP50Shift)} / ${d(m.partialP85Shift)}`,
        `${m.counted.truth} / ${m.counted.reconstructed} / ${m.counted.partialOnly}`,
        `${m.leadCounted.truth} / ${m.leadCounted.reconstructed} / ${m.leadCounted.partialOnly}`,
        `${d(m.join.median)} / ${d(m.join.p90)} (${m.join.count})`,
      ].join(' | '),
    );
  }
} finally {
  await world.close();
  await database.drop();
}
