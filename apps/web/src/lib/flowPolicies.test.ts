import { describe, expect, it } from 'vitest';
import { sleAtRiskItems, wipLimitsFromForm, wipLimitsValid } from './flowPolicies.ts';

const aging = (id: string, age: number, sle_risk?: 'breached' | 'at_risk' | 'on_track') => ({
  id,
  number: Number(id),
  title: `Item ${id}`,
  url: null,
  column: 'In Progress',
  started_at: '2026-11-01T00:00:00Z',
  age_days: age,
  risk: 'watch' as const,
  ...(sle_risk ? { sle_risk } : {}),
});

describe('flow policies on the page', () => {
  it('lists only the items that missed the SLE or are at risk, in the answer order (oldest first)', () => {
    const items = [
      aging('1', 12, 'breached'),
      aging('2', 6, 'on_track'),
      aging('3', 5, 'at_risk'),
      aging('4', 1),
    ];
    expect(
      sleAtRiskItems({ aging: { columns: [], items, at_risk: 0 } }).map((i) => [i.id, i.sle_risk]),
    ).toEqual([
      ['1', 'breached'],
      ['3', 'at_risk'],
    ]);
  });

  it('reads WIP limits from the form: empty is no limit, only whole numbers from 1 to 999 are valid', () => {
    expect(wipLimitsFromForm({ Review: '3', 'In Progress': '', Ready: ' 12 ' })).toEqual({
      Review: 3,
      Ready: 12,
    });
    expect(wipLimitsValid({ Review: '3', Ready: '' })).toBe(true);
    for (const bad of ['0', '1.5', 'two', '1000', '-1'])
      expect(wipLimitsValid({ Review: bad }), bad).toBe(false);
  });
});
