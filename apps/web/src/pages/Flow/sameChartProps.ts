import type { ExportCalendar, FlowResponse } from '@fluxion/contract';

type ChartProps = { data: FlowResponse; calendar: ExportCalendar; projectId?: string };

/**
 * A Flow chart draws again only for a new answer, board or calendar. recharts remounts a Scatter's dots
 * when anything feeding its points is a new object (a new animation id): a page re-rendered for another
 * answer took the keyboard's focus off a dot, and the pages make a new calendar object each render.
 */
export function sameChartProps<P extends ChartProps>(before: P, after: P): boolean {
  return (
    before.data === after.data &&
    before.projectId === after.projectId &&
    before.calendar.timeZone === after.calendar.timeZone &&
    before.calendar.daysOff === after.calendar.daysOff
  );
}
