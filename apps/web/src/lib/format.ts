import { T } from '../texts.ts';
import { formatCount, viewerFormat } from './viewerFormat.ts';

export { formatCount, viewerFormat };

export function formatTrend(trend: number | null | undefined): string {
  if (trend === null || trend === undefined || Number.isNaN(trend)) return T.common.notAvailable;
  return viewerFormat.signedPercent(trend);
}

/** Days as a figure, 1 decimal ("23.2"): the same as the e-mail's "23.2 days". */
export const formatDays = (days: number) => viewerFormat.days(days);
/** Stage intensity as the API and the insights write it (2 decimals): "2.75x" on the tile and in the banner. */
export const formatIntensity = (value: number) => `${viewerFormat.number(value, 2)}x`;
export const formatPercent = (value: number) => viewerFormat.percent(value);
/** Insight confidence 0..1 shown as a percent. */
export const formatConfidence = (confidence: number) => viewerFormat.percent(confidence * 100, 0);

/**
 * A chart's day ('2026-11-07', or an instant in ms, dated in UTC as the series are) as its axis writes it:
 * 'Nov 7', in the viewer's locale, as every other date on the page is written; the value itself when
 * unreadable.
 */
export function formatDayTick(value: string | number): string {
  const day = typeof value === 'number' ? new Date(value).toISOString() : String(value);
  return viewerFormat.dayMonth(day) ?? String(value);
}

/** A chart's day in its tooltip: 'Nov 7, 2026'. */
export const formatDayLabel = (value: unknown) => formatDate(String(value));

/**
 * A date or timestamp as 'Mar 5, 2025' (in the viewer's locale); 'Unknown' when missing or unreadable. A
 * timestamp is dated in `timeZone` (a board's: its local day, as the analyses count days); a date
 * ('2025-03-05') is that day.
 */
export function formatDate(value: string | null | undefined, timeZone = 'UTC'): string {
  if (!value) return T.issues.unknown;
  return viewerFormat.date(value, timeZone) ?? T.issues.unknown;
}

/** An instant with its time of day ('Nov 29, 2026, 12:50 AM'), in `timeZone`. */
export function formatDateTime(value: string | null | undefined, timeZone = 'UTC'): string {
  if (!value) return T.issues.unknown;
  return viewerFormat.dateTime(value, timeZone) ?? T.issues.unknown;
}
