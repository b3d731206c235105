import { describe, expect, it } from 'vitest';
import { filterSummary } from './filterSummary.ts';
import {
  filterFromParams,
  filterQuery,
  isFiltered,
  namesAndNone,
  paramsWithFilter,
  splitList,
  valuesOf,
} from './itemFilter.ts';

describe('the item filter in the address', () => {
  it('reads repeated parameters, drops unknown types, and keeps the other parameters when written', () => {
    const params = new URLSearchParams(
      'project=P&days=60&label=bug&label=ux&type=epic&type=draft&from=2026-01-01',
    );
    const filter = filterFromParams(params);
    expect(filter).toMatchObject({ label: ['bug', 'ux'], type: ['draft'], from: '2026-01-01', to: '' });
    expect(isFiltered(filter)).toBe(true);
    const cleared = paramsWithFilter(params, { ...filter, label: [], type: [], from: '' });
    expect(cleared.toString()).toBe('project=P&days=60');
    expect(paramsWithFilter(cleared, { ...filter, label: ['a,b'] }).getAll('label')).toEqual(['a,b']);
    expect(filterQuery(filterFromParams(cleared))).toMatchObject({ label: [], from: undefined });
    expect(isFiltered(filterFromParams(cleared))).toBe(false);
  });

  it('splits a typed list on commas', () => {
    expect(splitList(' bug, ux ,,bug')).toEqual(['bug', 'ux']);
  });
});

describe('the items without a type or a value of the breakdown field', () => {
  it('reads ~none apart from the names, and says it in the summary', () => {
    expect(namesAndNone(['Bug', '~none', '~~ops'])).toEqual({ names: ['Bug', '~ops'], none: true });
    expect(valuesOf(['Bug', '~ops'], true)).toEqual(['Bug', '~~ops', '~none']);
    const filter = filterFromParams(new URLSearchParams('issue_type=Bug&issue_type=~none&field_value=~none'));
    expect(filterSummary(filter, 'Priority')).toEqual(['issue type "Bug" or none', 'no Priority']);
    expect(filterSummary({ ...filter, issue_type: ['~~ops'] }, 'Priority')).toEqual([
      'issue type "~ops"',
      'no Priority',
    ]);
  });
});
