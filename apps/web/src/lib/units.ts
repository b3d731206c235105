import type { BoardCalendar } from '@fluxion/contract';
import { type ExportCalendar, exportCalendar } from './exportCsv.ts';

/**
 * The unit of every duration a page shows for a board: working days when its calendar has days off
 * (weekends or holidays: durations then count working time, docs/metrics.md §12), else days. Said
 * wherever a duration is shown, so a figure never changes meaning silently.
 */
export type DurationUnit = 'days' | 'working days';

export function durationUnit(calendar: BoardCalendar | null | undefined): DurationUnit {
  return unitOf(exportCalendar(calendar));
}

/** The same from what an export says of the calendar (a share link's answer carries only that). */
export const unitOf = (calendar: ExportCalendar): DurationUnit =>
  calendar.daysOff ? 'working days' : 'days';

/** "Days" or "Working days": the unit as an axis title or a column header starts it. */
export const capitalUnit = (unit: DurationUnit) => (unit === 'days' ? 'Days' : 'Working days');
