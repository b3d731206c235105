/**
 * Texts of the flow policies (docs/metrics.md, "Service Level Expectation", "WIP limits", "Blocked time"):
 * the SLE, WIP limits, blocked time and flow efficiency, wherever they are shown.
 */
import { formatCount, viewerFormat } from './lib/viewerFormat.ts';
import type { DurationUnit } from './lib/units.ts';

/** A duration in the board's unit: "9 days", or "9 working days" on a working calendar. */
const d = (days: number, unit: DurationUnit = 'days') => viewerFormat.duration(days, unit);
const pct = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** What marks an item blocked (docs/metrics.md, "Blocked time"): its label, the field if one is named, and
 * an open issue blocking it (issue dependencies). */
const blockedBy = (label: string, field?: { name: string; value: string } | null) =>
  `label '${label}'${field ? `, ${field.name} = '${field.value}'` : ''} or an open issue blocking it`;

export const P = {
  days: d,
  sle: {
    /** "85% of items finish within 9 days". */
    statement: (percent: number, days: number, unit?: DurationUnit) =>
      `${percent}% of items finish within ${d(days, unit)}`,
    source: { set: 'set by the team', proposed: 'proposed from the last 90 days' },
    line: (percent: number, days: number) => `SLE ${percent}%: ${days}d`,
    none: 'No SLE yet: fewer than 10 items finished in the last 90 days.',
    /** The proposal reads the items the filter keeps: said of them, not of the board. */
    noneFiltered: 'No SLE yet: fewer than 10 of the items the filter keeps finished in the last 90 days.',
    atRiskTitle: 'At risk of missing the SLE',
    atRiskEmpty: 'No item in progress is at risk of missing the SLE.',
    atRiskMore: (n: number) => `and ${formatCount(n)} more`,
    showMore: (n: number) => `Show ${formatCount(n)} more`,
    risk: { breached: 'missed the SLE', at_risk: 'at risk', on_track: 'on track' } as Record<string, string>,
    itemLine: (column: string, age: number, unit?: DurationUnit) => `${column}, ${d(age, unit)} in progress`,
    about:
      'An item is at risk when it is older than 85% of finished items were when they left its column (for an SLE at 85%), and has missed the SLE once older than its days.',
  },
  wip: {
    title: 'WIP limits',
    state: (column: string, count: number, limit: number) => `'${column}': ${count} of ${limit}`,
    overNow: 'over its limit now',
    overDays: (days: number, window: number) =>
      days === 0
        ? `within its limit on every day of the last ${window}`
        : `over on ${days} of the last ${window} days`,
    chip: (count: number, limit: number) => `WIP ${count} / ${limit}`,
    tick: (column: string, count: number, limit: number) => `${column} (${count}/${limit})`,
  },
  blocked: {
    tooltip: (days: number) => `Blocked ${d(days)}`,
    now: 'Blocked now',
    efficiency: (fraction: number) => `Flow efficiency ${pct(fraction)}`,
    summary: (label: string, now: number, field?: { name: string; value: string } | null) =>
      `${now} ${now === 1 ? 'item is' : 'items are'} blocked now (${blockedBy(label, field)})`,
    byColumn: (column: string, days: number) => `${column} ${d(days)}`,
    byColumnTitle: (window: number) => `Blocked in the last ${window} days:`,
    tableTitle: 'Blocked time by column',
    tableCaption: (window: number, label: string, field?: { name: string; value: string } | null) =>
      `Time items were blocked in each column in the last ${window} days, and the items blocked there now. Blocked: ${blockedBy(label, field)}; a time marked twice counts once.`,
    column: 'Column',
    blockedDays: (unit: string) => `${unit} blocked`,
    efficiencyAbout:
      'Flow efficiency: the time items spent in productive columns while not blocked, over their whole time in progress, for the items finished in the window. Not the active work ratio of Time in State, which counts blocked time in productive columns as active and reads the stays that ended in its window.',
    pct,
  },
  form: {
    legend: 'Flow policies',
    help: 'Shared by everyone who tracks the board.',
    sleProposed: 'Use the SLE the board history proposes',
    slePercent: 'SLE: share of items (%)',
    sleDays: 'SLE: within (days)',
    wipTitle: 'WIP limits (empty: no limit)',
    wipLabel: (column: string) => `WIP limit of ${column}`,
    blockedLabel: 'Blocked label',
    blockedHelp: 'An item is blocked while it carries this label.',
    blockedFieldName: 'Blocked field (optional)',
    blockedFieldValue: 'Value that marks it blocked',
    blockedFieldHelp:
      "Or while a single-select field of the board holds a value, e.g. 'Blocked' = 'Yes'. Its past values count from when GitHub says each was set.",
    blockedFieldNone: 'None',
    typeSlesTitle: 'SLE per issue type (optional)',
    typeSlesHelp:
      "A type's own SLE, e.g. bugs within 5 days. Days left empty: the board's SLE applies to it.",
    typeSlesNone: 'Per-type SLEs: the board has no issue types yet.',
    typeSlePercent: (type: string) => `${type}: share of items (%)`,
    typeSleDays: (type: string) => `${type}: within (days)`,
    typeSleNoDays: "board's SLE",
    blockedFieldChooseValue: 'Choose a value…',
    blockedFieldNoFields: 'This board has no single-select field besides its workflow field.',
    blockedFieldsFailed:
      "The board's fields could not be read from GitHub: type the field's name and the value as GitHub spells them (both, or neither), or try again.",
  },
};
