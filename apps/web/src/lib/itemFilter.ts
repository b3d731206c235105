import {
  filterValueOf,
  ITEM_FILTER_PARAMS,
  type ItemFilterParams,
  NO_VALUE,
  nameOfFilterValue,
} from '@fluxion/contract';

/** The item filter as the address holds it (docs/metrics.md §13): lists are repeated parameters. */
export type ItemFilterState = {
  label: string[];
  not_label: string[];
  milestone: string[];
  type: ('issue' | 'pull_request' | 'draft')[];
  /** The issues' organization-wide types ("Bug", "Feature"), as the API takes them (`~none`: no type). */
  issue_type: string[];
  /**
   * Values of the board's breakdown field ("High"), as items have them now (docs/metrics.md, "Breakdown"),
   * as the API takes them (`~none`: no value).
   */
  field_value: string[];
  repo: string[];
  assignee: string[];
  from: string;
  to: string;
  /** `current`, `previous`, an iteration's title; '' for any iteration (docs/metrics.md, "Iterations and estimates"). */
  iteration: string;
};

const LISTS = [
  'label',
  'not_label',
  'milestone',
  'type',
  'issue_type',
  'field_value',
  'repo',
  'assignee',
] as const;
const TYPES = new Set(['issue', 'pull_request', 'draft']);

export function filterFromParams(params: URLSearchParams): ItemFilterState {
  const list = (name: string) => params.getAll(name).filter((value) => value.trim() !== '');
  return {
    label: list('label'),
    not_label: list('not_label'),
    milestone: list('milestone'),
    type: list('type').filter((t) => TYPES.has(t)) as ItemFilterState['type'],
    issue_type: list('issue_type'),
    field_value: list('field_value'),
    repo: list('repo'),
    assignee: list('assignee'),
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    iteration: params.get('iteration')?.trim() ?? '',
  };
}

/** The address with `filter` in place of the one it held; every other parameter kept. */
export function paramsWithFilter(params: URLSearchParams, filter: ItemFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ITEM_FILTER_PARAMS) next.delete(name);
  for (const name of LISTS) for (const value of filter[name]) next.append(name, value);
  if (filter.from) next.set('from', filter.from);
  if (filter.to) next.set('to', filter.to);
  if (filter.iteration) next.set('iteration', filter.iteration);
  return next;
}

/** The API query's filter parameters (empty ones left out by the client). */
export function filterQuery(filter: ItemFilterState): ItemFilterParams {
  return {
    ...filter,
    from: filter.from || undefined,
    to: filter.to || undefined,
    iteration: filter.iteration || undefined,
  };
}

export function isFiltered(filter: ItemFilterState): boolean {
  return (
    LISTS.some((name) => filter[name].length > 0) ||
    filter.from !== '' ||
    filter.to !== '' ||
    filter.iteration !== ''
  );
}

/** "bug, ux" → ['bug', 'ux'] (the text field's way to hold a list). */
export function splitList(text: string): string[] {
  return [...new Set(text.split(',').map((value) => value.trim()))].filter(Boolean);
}

/** Issue types or field values as the API takes them, as the form shows them: the names, and "none" apart. */
export function namesAndNone(values: readonly string[]): { names: string[]; none: boolean } {
  const names: string[] = [];
  let none = false;
  for (const value of values) {
    const name = nameOfFilterValue(value);
    if (name === null) none = true;
    else names.push(name);
  }
  return { names, none };
}

/** The form's names and its "none" choice as the API takes them (a name starting with `~` escaped). */
export function valuesOf(names: readonly string[], none: boolean): string[] {
  return [...names.map(filterValueOf), ...(none ? [NO_VALUE] : [])];
}
