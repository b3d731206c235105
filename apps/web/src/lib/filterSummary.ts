import { nameOfFilterValue } from '@fluxion/contract';
import type { ItemFilterState } from './itemFilter.ts';

/** A filter as the page holds it or as a share link answers it (dates absent or empty when off). */
export type FilterLike = Omit<
  ItemFilterState,
  'from' | 'to' | 'type' | 'iteration' | 'issue_type' | 'field_value'
> & {
  issue_type?: readonly string[] | undefined;
  field_value?: readonly string[] | undefined;
  type: readonly string[];
  iteration?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const TYPE_NAMES: Record<string, string> = { issue: 'issue', pull_request: 'pull request', draft: 'draft' };
const ITERATION_NAMES: Record<string, string> = { current: 'current', previous: 'previous' };
const quoted = (values: readonly string[]) => values.map((value) => `"${value}"`).join(' or ');

/** Issue types or field values (`~none`: the items without one): `no Priority`, `issue type "Bug" or none`. */
function valuePhrase(name: string, values: readonly string[]): string {
  const names = values.map(nameOfFilterValue);
  if (names.length === 1 && names[0] === null) return `no ${name}`;
  return `${name} ${names.map((n) => (n === null ? 'none' : `"${n}"`)).join(' or ')}`;
}

/**
 * The filters that are on, one short phrase each (`label "bug" or "ux"`); empty when none is. `fieldName`:
 * the board's breakdown field, which names its values' phrase (`Priority "High"`).
 */
export function filterSummary(filter: FilterLike, fieldName?: string | null): string[] {
  const plain = (name: string, values: readonly string[]) => `${name} ${quoted(values)}`;
  const lists: [string, readonly string[], typeof plain][] = [
    ['label', filter.label, plain],
    ['without label', filter.not_label, plain],
    ['milestone', filter.milestone, plain],
    ['issue type', filter.issue_type ?? [], valuePhrase],
    [fieldName ?? 'field value', filter.field_value ?? [], valuePhrase],
    ['repository', filter.repo, plain],
    ['assignee', filter.assignee, plain],
  ];
  const phrases = lists.filter(([, values]) => values.length > 0).map(([name, v, phrase]) => phrase(name, v));
  if (filter.type.length > 0)
    phrases.push(`type ${filter.type.map((type) => TYPE_NAMES[type] ?? type).join(' or ')}`);
  if (filter.from) phrases.push(`from ${filter.from}`);
  if (filter.to) phrases.push(`to ${filter.to}`);
  if (filter.iteration)
    phrases.push(`iteration ${ITERATION_NAMES[filter.iteration] ?? `"${filter.iteration}"`}`);
  return phrases;
}
