import { countInsight, fmt, plural } from './insight.ts';
import type { DayUnit } from '../core/numbers.ts';
import type { Insight } from '../types.ts';

export type IssuesFacts = {
  column: string;
  isDone: boolean;
  /**
   * The commitment point when the column is before it (a queue of options such as a backlog: its ages
   * are never an aging alarm), else null.
   */
  beforeCommitment: string | null;
  count: number;
  average: number;
  over1x: number;
  over2x: number;
  iteration: number;
  /** The iteration and two iterations ending now, in the unit of the ages (working days with days off). */
  limits: readonly [number, number];
  unit: DayUnit;
  oldest: { number: number | null; title: string; days: number } | null;
};

/** Share of issues over two iterations from which a column is critical. */
export const OVER_2X_CRITICAL_SHARE = 0.25;
/** Share of issues over one iteration from which a column needs attention. */
export const OVER_1X_WARNING_SHARE = 0.5;

/** Every message counts the issues in the column: a count carries no confidence (docs/metrics.md §6). */
export function issuesInsight(f: IssuesFacts): Insight {
  const n = f.count;
  if (n === 0) return countInsight('info', `No issues are currently in '${f.column}'.`);
  if (f.isDone) {
    return countInsight('info', `'${f.column}' is the done column: ages there count time since completion.`);
  }
  const name = f.oldest && (f.oldest.number === null ? `'${f.oldest.title}'` : `#${f.oldest.number}`);
  const oldest = f.oldest ? `; oldest ${name} at ${fmt(f.oldest.days)} ${f.unit}` : '';
  if (f.beforeCommitment !== null) {
    const text = `${plural(n, 'issue')} ${n === 1 ? 'waits' : 'wait'} in '${f.column}', before the commitment point ('${f.beforeCommitment}'): options not yet started, so waiting here is not a flow problem${oldest}.`;
    return countInsight('info', text);
  }
  if (f.over2x > 0) {
    const share = f.over2x / n;
    const text = `${f.over2x} of ${plural(n, 'issue')} in '${f.column}' ${hasOrHave(f.over2x)} been there longer than two iterations (${span(f, 2)})${oldest}.`;
    return countInsight(share >= OVER_2X_CRITICAL_SHARE ? 'critical' : 'warning', text);
  }
  if (f.over1x > 0) {
    const text = `${f.over1x} of ${plural(n, 'issue')} in '${f.column}' ${hasOrHave(f.over1x)} been there longer than one iteration (${span(f, 1)})${oldest}.`;
    return countInsight(f.over1x / n >= OVER_1X_WARNING_SHARE ? 'warning' : 'stable', text);
  }
  const text =
    n === 1
      ? `The only issue in '${f.column}' entered it within the last iteration (${span(f, 1)}), ${fmt(f.average)} ${f.unit} ago.`
      : `All ${n} issues in '${f.column}' entered it within the last iteration (${span(f, 1)}); average ${fmt(f.average)} ${f.unit}.`;
  return countInsight(n === 1 ? 'good' : 'excellent', text);
}

/** "14 days", or "14 days: 10 working days" on a calendar with days off (like with like, §5). */
function span(f: IssuesFacts, times: 1 | 2): string {
  const calendarDays = `${times * f.iteration} days`;
  return f.unit === 'days' ? calendarDays : `${calendarDays}: ${fmt(f.limits[times - 1] ?? 0)} ${f.unit}`;
}

const hasOrHave = (count: number) => (count === 1 ? 'has' : 'have');
