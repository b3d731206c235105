import { ITEM_FILTER_PARAMS } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { carriedSearch, FILTER_PARAMS, filterSearch } from './analysisPaths.ts';

describe('what a link to an analysis carries', () => {
  it("the frame's list of filter parameters is the contract's", () => {
    expect([...FILTER_PARAMS].sort()).toEqual([...ITEM_FILTER_PARAMS].sort());
  });

  it('the board and its filter, not the page’s own settings', () => {
    const filter = filterSearch(
      new URLSearchParams('project=P&days=60&label=bug&label=ux&column=QA&from=2026-01-01'),
    );
    expect(filter).toBe('label=bug&label=ux&from=2026-01-01');
    expect(carriedSearch('P', filter)).toBe('?project=P&label=bug&label=ux&from=2026-01-01');
    expect(carriedSearch(null, '')).toBe('');
  });

  it('the choice to leave estimated steps out goes along with the filter', () => {
    expect(filterSearch(new URLSearchParams('project=P&days=30&estimated=leave_out&label=bug'))).toBe(
      'estimated=leave_out&label=bug',
    );
  });
});
