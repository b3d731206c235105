/**
 * A deterministic synthetic board: issues walk an 8-column board with forward moves, skipped columns,
 * backward moves, reopenings and departures, over a span of days. The benches' reference board
 * (bench/generate-board.ts) and the boards of the server's start code warm-up (apps/server, code-warm-up.ts,
 * `warmUpBoards`) are made by it.
 */
import { seededRandom } from '../core/random.ts';
import type { BoardItem, Transition } from '../types.ts';

export const BENCH_COLUMNS = [
  'Backlog',
  'Todo',
  'Ready',
  'In Progress',
  'Review',
  'Testing',
  'Staging',
  'Done',
];

export type GeneratedBoard = {
  columns: string[];
  cycleStartColumn: string;
  transitions: Transition[];
  items: BoardItem[];
  now: number;
};

export type BoardSize = {
  issues: number;
  transitions: number;
  days: number;
  seed?: number;
  /** The board's "now", the end of its span (by default 1 Jan 2023 + `days`). */
  end?: number;
};

const DAY_MS = 86_400_000;
const START = Date.UTC(2023, 0, 1);

/** Next column from `col`, with `left` moves left; the last move of most issues lands in done. */
function nextColumn(rand: () => number, col: number, left: number, finishes: boolean): number | null {
  const done = BENCH_COLUMNS.length - 1;
  if (left === 1 && finishes) return done;
  if (left === 1 && rand() < 0.1) return null;
  const r = rand();
  if (col === done) return 3 + Math.floor(rand() * 3);
  if (r < 0.12 && col > 0) return Math.max(0, col - 1 - Math.floor(rand() * 2));
  const step = r < 0.22 ? 2 : 1;
  return Math.min(col + step, done - 1);
}

/** Moves per issue: pairs of issues get 10 ± d moves, so the total is exact. */
function movesOf(rand: () => number, size: BoardSize): Int32Array {
  const counts = new Int32Array(size.issues).fill(Math.floor(size.transitions / size.issues));
  for (let i = 0; i + 1 < size.issues; i += 2) {
    const d = Math.floor(rand() * 5);
    counts[i] = (counts[i] as number) + d;
    counts[i + 1] = (counts[i + 1] as number) - d;
  }
  counts[0] = (counts[0] as number) + (size.transitions - counts.reduce((a, b) => a + b, 0));
  return counts;
}

export function generateBoard(size: BoardSize): GeneratedBoard {
  const rand = seededRandom(size.seed ?? 42);
  const counts = movesOf(rand, size);
  const transitions: Transition[] = [];
  const items: BoardItem[] = [];
  const end = size.end ?? START + size.days * DAY_MS;
  const start = end - size.days * DAY_MS;
  for (let i = 0; i < size.issues; i++) {
    const id = `PVTI_${i.toString(36).padStart(6, '0')}`;
    const moves = counts[i] as number;
    const gapMean = Math.min(3 * DAY_MS, (size.days * DAY_MS) / 4 / moves);
    let at = start + Math.floor(rand() * (end - start - moves * 2 * gapMean));
    let col: number | null = null;
    const finishes = rand() < 0.8;
    for (let k = 0; k < moves; k++) {
      const to: number | null = k === 0 ? 0 : nextColumn(rand, col ?? 0, moves - k, finishes);
      transitions.push({
        itemId: id,
        from: col === null ? null : (BENCH_COLUMNS[col] as string),
        to: to === null ? null : (BENCH_COLUMNS[to] as string),
        at,
      });
      col = to;
      if (to === null) break;
      at += Math.floor(rand() * 2 * gapMean);
    }
    const last = transitions[transitions.length - 1] as Transition;
    items.push({
      id,
      number: i + 1,
      title: `Issue ${i + 1}`,
      url: `https://github.com/acme/app/issues/${i + 1}`,
      milestone: i % 5 === 0 ? 'v1' : null,
      labels: i % 3 === 0 ? ['bug'] : [],
      column: last.to,
      enteredColumnAt: last.to === null ? null : last.at,
    });
  }
  return { columns: BENCH_COLUMNS, cycleStartColumn: 'In Progress', transitions, items, now: end };
}

/**
 * The boards a process warms the analyses' code on before its first request (the server's start,
 * apps/server code-warm-up.ts): the reference board's shape at `issues` issues (two years, ten moves an
 * issue: few completions a month, old work in progress) and a young board of half as many (two months,
 * six moves an issue: thousands of completions a month, a column over its WIP limit). V8 optimises a
 * function for the branches and shapes it has run; code warmed on the old board alone met new ones at a
 * real board's first Flow report and dropped its optimised code in ~20 functions (`--trace-deopt`). With
 * the young board too, the engine's first Flow report of the reference board took a median 89–101 ms
 * instead of 112–154 (bench/engine-warm-up.ts, 7 fresh processes each, three series, 1 Dec).
 */
export const WARM_UP_SHAPES = [
  { share: 1, movesAnIssue: 10, days: 730, seed: 42 },
  { share: 0.5, movesAnIssue: 6, days: 60, seed: 7 },
] as const;

export type WarmUpShape = (typeof WARM_UP_SHAPES)[number];

/** A warm-up board of `shape` (its share of `issues` issues), ending at `end`. */
export function warmUpBoard(shape: WarmUpShape, issues: number, end: number): GeneratedBoard {
  const n = Math.max(2, Math.round(issues * shape.share));
  const size = { issues: n, transitions: n * shape.movesAnIssue, days: shape.days, seed: shape.seed };
  return generateBoard({ ...size, end });
}

/** The warm-up boards (`WARM_UP_SHAPES`) for `issues` issues, ending at `end`. */
export function warmUpBoards(issues: number, end: number): GeneratedBoard[] {
  return WARM_UP_SHAPES.map((shape) => warmUpBoard(shape, issues, end));
}
