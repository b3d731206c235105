import { addItem, createContent, type GithubSim, moveItem } from '@fluxion/github-sim';
import { setRateWindow } from '../packages/github-sim/src/model/rate-limits.ts';
import { setIterationValues } from '../packages/github-sim/src/model/iteration-fields.ts';
import { COLUMNS, DAY } from '../apps/server/src/testing/collector-sim.ts';

export const OWNER = 'fluxion-labs';
export const LOGIN = 'octo-alice';

/**
 * A board of `size` issues in the simulator's world, built in process (the collector still reads it over
 * HTTP). Every item has history before the board is added: added to Todo, most started, many done, all
 * at least two days before `start`, so an incremental poll (items updated in the last day) lists none.
 */
export function seedBoard(
  sim: GithubSim,
  size: number,
  start: number,
  /** Gives the board a Priority field, set on most items (the breakdown field's cost: BENCH_COLLECTOR_BREAKDOWN). */
  priority = false,
): { projectId: string; items: string[]; priorityFieldId: string | null } {
  const { world } = sim;
  const project = world.createProject({
    owner: OWNER,
    title: `Bench board ${size}`,
    columns: COLUMNS,
    at: start - 90 * DAY,
    ...(priority ? { singleSelectFields: [{ name: 'Priority', options: ['High', 'Medium', 'Low'] }] } : {}),
  });
  const items: string[] = [];
  for (let i = 0; i < size; i++) {
    const added = start - 60 * DAY + Math.floor((i / size) * 50 * DAY);
    const content = createContent(world, {
      repo: `${OWNER}/bench`,
      title: `Issue ${i}`,
      labels: i % 3 === 0 ? ['bug'] : ['enhancement'],
      milestone: i % 5 === 0 ? 'v1' : null,
      createdAt: added,
    });
    const item = addItem(world, {
      projectId: project.nodeId,
      contentId: content.nodeId,
      at: added,
      status: 'Todo',
    });
    if (i % 10 < 8) moveItem(world, { itemId: item.nodeId, status: 'In Progress', at: added + 2 * DAY });
    if (i % 10 < 6) moveItem(world, { itemId: item.nodeId, status: 'In Review', at: added + 4 * DAY });
    if (i % 10 < 5) moveItem(world, { itemId: item.nodeId, status: 'Done', at: added + 5 * DAY });
    if (priority && i % 4 !== 3) {
      const value = ['High', 'Medium', 'Low'][i % 4] as string;
      setIterationValues(world, item, { Priority: value }, added + DAY);
    }
    items.push(item.nodeId);
  }
  const priorityFieldId = project.otherSingleSelects?.[0]?.nodeId ?? null;
  return { projectId: project.nodeId, items, priorityFieldId };
}

/** Lifts the user's GraphQL budget out of the way and zeroes it, so that `pointsUsed` reads one step's cost. */
export function resetPoints(sim: GithubSim): void {
  setRateWindow(sim.world, LOGIN, { limit: 10_000_000, remaining: 10_000_000, resetInMs: 30 * DAY });
}

export function pointsUsed(sim: GithubSim): number {
  return setRateWindow(sim.world, LOGIN, {}).used;
}

/** Moves `count` items one column on (Todo → In Progress → In Review → Done → Todo), at the world's now. */
export function moveItems(sim: GithubSim, items: string[], count: number): void {
  for (let i = 0; i < count; i++) {
    const id = items[i] as string;
    const item = sim.world.items.get(id);
    const option = item?.status?.optionId;
    const project = item && sim.world.projects.get(item.projectId);
    const current = project?.statusField.options.find((o) => o.id === option)?.name ?? 'Todo';
    const next = COLUMNS[(COLUMNS.indexOf(current) + 1) % COLUMNS.length] ?? 'Todo';
    moveItem(sim.world, { itemId: id, status: next });
  }
}
