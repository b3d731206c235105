import { describe, expect, it } from 'vitest';
import { fieldValueChanges, latestFieldValues } from './field-changes.ts';

/** What a listing adds to the blocked field's history, and when each change is dated (docs/metrics.md). */
const H = 3_600_000;
const NOW = 100 * H;
const seen = (
  itemId: string,
  value: string | null,
  setAt: number | null,
  itemUpdatedAt: number | null = null,
) => ({
  itemId,
  value,
  setAt,
  itemUpdatedAt,
});

describe('the blocked field changes a listing shows', () => {
  const latest = latestFieldValues([
    { itemId: 'a', field: 'Flag', value: 'Ready', at: 10 * H },
    { itemId: 'a', field: 'Flag', value: 'Impeded', at: 20 * H },
    { itemId: 'b', field: 'Flag', value: 'Impeded', at: 30 * H },
  ]);

  it('keeps each item latest value', () => {
    expect(latest.get('a')).toEqual({ value: 'Impeded', at: 20 * H });
  });

  it('dates a new value by when GitHub says it was set, an item first seen included', () => {
    expect(
      fieldValueChanges(latest, 'Flag', [seen('a', 'Ready', 50 * H), seen('new', 'Impeded', 5 * H)], NOW),
    ).toEqual([
      { itemId: 'a', field: 'Flag', value: 'Ready', at: 50 * H },
      { itemId: 'new', field: 'Flag', value: 'Impeded', at: 5 * H },
    ]);
  });

  it('records nothing for an unchanged value, or an item never set', () => {
    expect(
      fieldValueChanges(latest, 'Flag', [seen('a', 'Impeded', 20 * H), seen('new', null, null)], NOW),
    ).toEqual([]);
  });

  it("dates a cleared value by the item's updatedAt", () => {
    expect(fieldValueChanges(latest, 'Flag', [seen('b', null, null, 60 * H)], NOW)).toEqual([
      { itemId: 'b', field: 'Flag', value: null, at: 60 * H },
    ]);
  });

  it("falls back to the listing's time when GitHub's time is not after the last change, or is after now", () => {
    expect(
      fieldValueChanges(
        latest,
        'Flag',
        [seen('a', 'Ready', 15 * H), seen('b', null, null, 30 * H), seen('c', 'Impeded', NOW + H)],
        NOW,
      ).map((c) => c.at),
    ).toEqual([NOW, NOW, NOW]);
  });
});
