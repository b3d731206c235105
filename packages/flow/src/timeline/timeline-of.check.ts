/**
 * Run by timeline-of.test.ts in a process with `--allow-natives-syntax`: builds timelines of two boards
 * of different sizes through every builder (a kept version's rows, then its stays; a version that
 * appended moves; a scratch build) and prints whether V8 gave them all one hidden class.
 */
import { TransitionColumnsBuilder } from '../input/transitions.ts';
import type { BoardColumns } from '../types.ts';
import { keepTimelines } from './kept-timeline.ts';
import { buildRowTimeline, buildScratchTimeline, buildTimeline } from './timeline.ts';

const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
const COLUMNS = ['Backlog', 'In Progress', 'Review', 'Done'];
const shape: BoardColumns = { columns: COLUMNS, cycleStartColumn: 'In Progress' };

function board(items: number, seed: number) {
  const builder = new TransitionColumnsBuilder();
  let at = 1_000;
  for (let i = 0; i < items; i++)
    for (let c = 0; c < 1 + ((i * seed) % COLUMNS.length); c++) {
      at += 7;
      builder.append(`I${i}`, c === 0 ? null : (COLUMNS[c - 1] as string), COLUMNS[c] as string, at);
    }
  const first = builder.snapshot();
  keepTimelines(first);
  const rows = buildRowTimeline(shape, first);
  const whole = buildTimeline(shape, first);
  builder.append('I0', 'Done', 'Review', at + 7);
  const next = builder.snapshot();
  keepTimelines(next);
  const appended = buildTimeline(shape, next);
  const scratch = buildScratchTimeline(shape, { ...first });
  return { rows, whole, appended, scratch };
}

const timelines = [...Object.entries(board(50, 3)), ...Object.entries(board(700, 5))];
const [first] = timelines;
const differing = timelines.filter(([, t]) => !sameMap(first?.[1] as object, t)).map(([name]) => name);
console.log(JSON.stringify({ built: timelines.length, differing }));
