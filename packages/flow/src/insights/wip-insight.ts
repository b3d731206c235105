import { formatCount } from '../core/numbers.ts';
import type { Insight } from '../types.ts';
import type { WipLimitState } from '../reports/flow-types.ts';

/**
 * The WIP limits' part of the Flow insight (docs/metrics.md, "WIP limits"): each column over its limit
 * now is named ("WIP limit: 'Review' holds 5 items, limit 4."); a column within it now but over it on
 * some day of the window is named with those days. An insight that said all is well becomes a warning
 * while a limit is exceeded now; without a limit exceeded in the window it is unchanged.
 */
export function withWipBreaches(
  base: Insight,
  limits: readonly WipLimitState[],
  windowDays: number,
): Insight {
  const sentences = limits.flatMap((w) => {
    if (w.over)
      return [`WIP limit: '${w.column}' holds ${formatCount(w.count)} items, limit ${formatCount(w.limit)}.`];
    const days = w.dates_over.length;
    if (days === 0) return [];
    return [
      `WIP limit: '${w.column}' was over its limit of ${formatCount(w.limit)} on ${days} of the last ${windowDays} days (at most ${formatCount(w.peak)}).`,
    ];
  });
  if (sentences.length === 0) return base;
  const overNow = limits.some((w) => w.over);
  const calm = base.severity === 'excellent' || base.severity === 'good' || base.severity === 'stable';
  return {
    ...base,
    severity: overNow && calm ? 'warning' : base.severity,
    message: `${base.message} ${sentences.join(' ')}`,
  };
}
