import { DEMO_FLOW, DEMO_PROJECT_ID, seededRandom, weighted } from '@fluxion/demo-board';
import { statusOf } from '../model/items.ts';
import type { SimItem } from '../model/types.ts';
import type { World } from '../model/world.ts';
import { addDemoItem, moveDemoItem } from './demo-movement.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** New issues a day, as in the generated history (180 over 120 days). */
const ARRIVALS_PER_DAY = 1.5;
/** An item already past this many mean stays is one of the history's stuck ones: it stays 30× longer. */
const STUCK_AFTER_MEANS = 5;
const STUCK_FACTOR = 30;

/** The chance that an exponential stay of `mean` ends within `elapsed`: memoryless, so per tick. */
const endsWithin = (elapsed: number, mean: number) => 1 - Math.exp(-elapsed / mean);

/**
 * The demo board living on at the pace of its own history: each open item leaves its column with the
 * column's mean stay (DEMO_FLOW, the model that generated the history), and new issues arrive 1.5 a
 * day. About 8 moves a day, as before, so the figures stay plausible and move as a real team's do
 * (one random move a minute made the average lead time climb by days within the hour).
 * Returns the number of moves made in the `elapsedMs` just passed.
 */
export function createDemoFlow(world: World, seed = 11): (elapsedMs: number) => number {
  const random = seededRandom(seed);
  return (elapsedMs) => {
    const project = world.projects.get(DEMO_PROJECT_ID);
    if (!project) return 0;
    const now = world.now();
    let moves = 0;
    for (const id of project.itemIds) {
      const item = world.items.get(id);
      const next = item && nextColumn(world, item, now, elapsedMs, random);
      if (!item || !next) continue;
      moveDemoItem(world, item, next);
      moves += 1;
    }
    if (random.chance(endsWithin(elapsedMs, DAY / ARRIVALS_PER_DAY))) {
      addDemoItem(world, project.nodeId, weighted(random, DEMO_FLOW.entry));
      moves += 1;
    }
    return moves;
  };
}

function nextColumn(
  world: World,
  item: SimItem,
  now: number,
  elapsedMs: number,
  random: ReturnType<typeof seededRandom>,
): string | null {
  const column = statusOf(world, item)?.name;
  if (item.archivedAt !== null || !column || column === DEMO_FLOW.done) return null;
  const spec = DEMO_FLOW.columns[column];
  if (!spec) return null;
  const mean = spec.meanHours * HOUR;
  const stayed = now - (item.status?.updatedAt ?? item.createdAt);
  const stay = stayed > STUCK_AFTER_MEANS * mean ? mean * STUCK_FACTOR : mean;
  if (!random.chance(endsWithin(elapsedMs, stay))) return null;
  return weighted(random, Object.fromEntries(Object.entries(spec.next).filter(([to]) => to !== '')));
}
