import { buildCalendar } from '../core/calendar.ts';
import { isoDay } from '../core/numbers.ts';
import type { ItemFilter } from '../input/item-filter.ts';
import type { Insight } from '../types.ts';

const TYPE_NAMES = { issue: 'issue', pull_request: 'pull request', draft: 'draft' } as const;

const quoted = (values: readonly (string | null)[]) =>
  values.map((value) => (value === null ? 'none' : `"${value}"`)).join(' or ');

/**
 * The filter in words, e.g. `label "bug" or "ux"; type pull request`; '' when no filter is on. The date
 * range names the days of `timeZone`, the board's (default UTC), that `from` starts and `to` ends.
 */
export function describeFilter(filter: ItemFilter, timeZone = 'UTC'): string {
  const parts: string[] = [];
  // null among the values: the items without one ("no Priority", `issue type "Bug" or none`).
  const add = (name: string, values: readonly (string | null)[] | undefined) => {
    if (!values || values.length === 0) return;
    parts.push(values.length === 1 && values[0] === null ? `no ${name}` : `${name} ${quoted(values)}`);
  };
  add('label', filter.labels);
  add('not label', filter.notLabels);
  add('milestone', filter.milestones);
  if (filter.types && filter.types.length > 0) {
    parts.push(`type ${filter.types.map((type) => TYPE_NAMES[type]).join(' or ')}`);
  }
  add('issue type', filter.issueTypes);
  if (filter.fieldValues) add(filter.fieldValues.field, filter.fieldValues.values);
  add('repository', filter.repositories);
  add('assignee', filter.assignees);
  if (filter.iteration) parts.push(`iteration ${quoted([filter.iteration])}`);
  const dayOf = filter.from != null || filter.to != null ? buildCalendar({ timeZone }).dayOf : null;
  const range = [
    dayOf && filter.from != null ? `from ${isoDay(dayOf(filter.from))}` : '',
    dayOf && filter.to != null ? `to ${isoDay(dayOf(filter.to - 1))}` : '',
  ].filter(Boolean);
  if (range.length > 0) parts.push(range.join(' '));
  return parts.join('; ');
}

/**
 * The insight, saying it reads only the filtered items (its confidence already counts only them).
 * `timeZone`: the board's, in which the filter's `from` and `to` are days.
 */
export function withFilterNote(insight: Insight, filter: ItemFilter, timeZone = 'UTC'): Insight {
  const words = describeFilter(filter, timeZone);
  return words === '' ? insight : { ...insight, message: `${insight.message} (Filter on: ${words}.)` };
}
