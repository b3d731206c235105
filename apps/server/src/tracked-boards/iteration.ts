import { type BoardCalendar, DEFAULT_ITERATION_LENGTH, type Project } from '@fluxion/contract';
import { buildCalendar, iterationWindow } from '@fluxion/flow';
import { parseIterations } from '../iterations/queries.ts';
import { engineCalendar } from './calendar.ts';
import type { TrackedRow } from './queries.ts';

type BoardIteration = NonNullable<Project['iteration']> & { days: number };

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The board's iteration length and where it comes from (docs/metrics.md, "The iteration"): its GitHub
 * Iteration field's iteration running today on the board's calendar (between iterations the last that
 * ended), else the length the user typed (the spec's default, 7, without one).
 */
export function boardIteration(
  row: Pick<TrackedRow, 'iteration_field_name' | 'iteration_list' | 'iteration_length_days'>,
  calendar: BoardCalendar,
  now: number,
): BoardIteration {
  const typed = row.iteration_length_days ?? DEFAULT_ITERATION_LENGTH;
  const field = row.iteration_field_name ?? null;
  const iterations = field === null || row.iteration_list === null ? [] : parseIterations(row.iteration_list);
  const today = buildCalendar(engineCalendar(calendar)).dayOf(now);
  const window = iterationWindow(iterations, today);
  if (!window) return { source: 'typed', field, current: null, typed_days: typed, days: typed };
  const start = Date.parse(`${window.iteration.startDate}T00:00:00Z`);
  return {
    source: 'github_field',
    field,
    current: {
      title: window.iteration.title,
      start: window.iteration.startDate,
      end: isoDay(start + (window.days - 1) * DAY_MS),
      running: window.running,
    },
    typed_days: typed,
    days: window.days,
  };
}
