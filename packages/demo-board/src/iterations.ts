import type { Iteration, IterationEstimateChange } from '@fluxion/flow';
import { DAY_MS } from './history.ts';
import { type DemoBoard, type DemoItem, demoParentNumbers } from './demo-board.ts';

export const DEMO_ITERATION_FIELD = 'Iteration';
export const DEMO_ESTIMATE_FIELD = 'Estimate';
/** The fields' node ids, the same in the simulator and the server's demo board. */
export const DEMO_ITERATION_FIELD_ID = 'PVTIF_fluxiondemo1iteration';
export const DEMO_ESTIMATE_FIELD_ID = 'PVTF_fluxiondemo1estimate';
const ITERATION_DAYS = 14;
/** Today is the 7th day of the current iteration, whatever the day: the demo is the same board shifted. */
const CURRENT_DAY = 6;
const POINTS = [1, 2, 3, 5, 8] as const;
const STARTED = new Set(['Ready', 'In Progress', 'Blocked', 'In Review']);

/** The demo's Iteration field and every item's iteration and estimate over time. */
export type DemoIterations = { iterations: Iteration[]; changes: IterationEstimateChange[] };

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A GitHub-like short iteration id, the same for the same start date. */
function iterationId(start: number): string {
  let h = 2166136261;
  for (const c of isoDate(start)) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Two-week iterations from before the first item to four weeks after today, numbered from 1. */
function demoIterations(board: DemoBoard, end: number): { iterations: Iteration[]; starts: number[] } {
  const first = Math.min(...board.items.map((i) => Date.parse(i.createdAt)));
  const current = end - CURRENT_DAY * DAY_MS;
  const back = Math.ceil((current - first) / (ITERATION_DAYS * DAY_MS));
  const starts = Array.from({ length: back + 3 }, (_, k) => current + (k - back) * ITERATION_DAYS * DAY_MS);
  const iterations = starts.map((start, k) => ({
    id: iterationId(start),
    title: `Iteration ${k + 1}`,
    startDate: isoDate(start),
    duration: ITERATION_DAYS,
  }));
  return { iterations, starts };
}

/** Story points by the number: mostly 1–5, a few 8s, every 13th not estimated. */
function estimateOf(item: DemoItem): number | null {
  if (item.number % 13 === 0) return null;
  return POINTS[(item.number * 7 + (item.number >> 2)) % POINTS.length] as number;
}

type Step = { at: number; to?: string; boundary?: number };

/**
 * One item's iteration and estimate over time, as a team would keep it: estimated when created; put in the iteration in
 * which work on it starts (at its planning, an hour before the iteration begins, for three in four; the rest added when work starts);
 * carried to the next iteration when not done at the end; taken out when sent back to the backlog;
 * estimated one step higher when it gets blocked.
 */
function itemIterationChanges(
  item: DemoItem,
  starts: readonly number[],
  end: number,
): IterationEstimateChange[] {
  const iterationAt = (at: number) => starts.findLastIndex((s) => s <= at);
  const steps: Step[] = item.transitions.map((t) => ({ at: Date.parse(t.at), to: t.to }));
  const created = Date.parse(item.createdAt);
  for (const s of starts) if (s > created && s <= end) steps.push({ at: s, boundary: starts.indexOf(s) });
  steps.sort((a, b) => a.at - b.at || (a.boundary !== undefined ? -1 : 1));
  let estimate = estimateOf(item);
  let iteration: number | null = null;
  let column: string | null = null;
  const changes: IterationEstimateChange[] = [{ itemId: item.id, at: created, iteration: null, estimate }];
  const change = (at: number) => {
    const last = changes.at(-1) as IterationEstimateChange;
    const id = iteration === null ? null : iterationId(starts[iteration] as number);
    changes.push({ itemId: item.id, at: Math.max(at, last.at + 1), iteration: id, estimate });
  };
  for (const step of steps) {
    if (step.boundary !== undefined) {
      // Carried over: still open when its iteration ended.
      if (iteration !== null && iteration === step.boundary - 1 && column !== 'Done') {
        iteration = step.boundary;
        change(step.at);
      }
      continue;
    }
    column = step.to ?? null;
    if (column === null) continue;
    if (iteration === null && STARTED.has(column)) {
      iteration = iterationAt(step.at);
      const start = starts[iteration] as number;
      const planned = item.number % 4 !== 0 && start - DAY_MS / 24 > created;
      change(planned ? start - DAY_MS / 24 : step.at);
    } else if (iteration !== null && column === 'Backlog') {
      iteration = null;
      change(step.at);
    } else if (column === 'Blocked' && estimate !== null && estimate < 8) {
      estimate = POINTS[POINTS.indexOf(estimate as (typeof POINTS)[number]) + 1] as number;
      change(step.at);
    }
  }
  return changes.filter((c) => c.at <= end);
}

/** The demo board's iterations, and each item's iteration and estimate over time. */
export function generateDemoIterations(board: DemoBoard, options: { now: number }): DemoIterations {
  const end = Math.floor(options.now / DAY_MS) * DAY_MS;
  const { iterations, starts } = demoIterations(board, end);
  // A parent is planned through its children: it has no estimate or iteration of its own.
  const parents = demoParentNumbers(board);
  const planned = board.items.filter((item) => !parents.has(item.number));
  return { iterations, changes: planned.flatMap((item) => itemIterationChanges(item, starts, end)) };
}
