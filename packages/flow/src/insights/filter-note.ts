import { dayNumber, isoDay } from '../core/numbers.ts';
import type { ItemFilter } from '../input/item-filter.ts';
import type { Insight } from '../types.ts';

const TYPE_NAMES = { issue: 'issue', pull_request: 'pull request', draft: 'draft' } as const;

const quoted = (values: readonly string[]) => values.map((value) => `"${value}"`).join(' or ');

/** The filter in words, e.g. `label "bug" or "ux"; type pull request`; '' when no filter is on. */
export function describeFilter(filter: ItemFilter): string {
  const parts: string[] = [];
  const add = (name: string, values: readonly string[] | undefined) => {
    if (values && values.length > 0) parts.push(`${name} ${quoted(values)}`);
  };
  add('label', filter.labels);
  add('not label', filter.notLabels);
  add('milestone', filter.milestones);
  if (filter.types && filter.types.length > 0) {
    parts.push(`type ${filter.types.map((type) => TYPE_NAMES[type]).join(' or ')}`);
  }
  add('repository', filter.repositories);
  add('assignee', filter.assignees);
  const range = [
    filter.from != null ? `from ${isoDay(dayNumber(filter.from))}` : '',
    filter.to != null ? `to ${isoDay(dayNumber(filter.to - 1))}` : '',
  ].filter(Boolean);
  if (range.length > 0) parts.push(range.join(' '));
  return parts.join('; ');
}

/** The insight, saying it reads only the filtered items (its confidence already counts only them). */
export function withFilterNote(insight: Insight, filter: ItemFilter): Insight {
  const words = describeFilter(filter);
  return words === '' ? insight : { ...insight, message: `${insight.message} (Filter on: ${words}.)` };
}
