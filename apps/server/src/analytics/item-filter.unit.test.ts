import { describe, expect, it } from 'vitest';
import { requestFilter } from './item-filter.ts';

const at = (iso: string) => Date.parse(iso);

describe('a date-range filter', () => {
  it('covers whole UTC days by default, `to` included', () => {
    const { filter } = requestFilter({ from: '2026-03-01', to: '2026-03-02' });
    expect(filter.from).toBe(at('2026-03-01T00:00:00Z'));
    expect(filter.to).toBe(at('2026-03-03T00:00:00Z'));
  });

  it("covers whole days of the board's time zone", () => {
    const { filter, key } = requestFilter({ from: '2026-03-01', to: '2026-03-01' }, 'Asia/Tokyo');
    expect(filter.from).toBe(at('2026-02-28T15:00:00Z'));
    expect(filter.to).toBe(at('2026-03-01T15:00:00Z'));
    expect(key).not.toBe(requestFilter({ from: '2026-03-01', to: '2026-03-01' }).key);
  });

  it('follows daylight saving: a 23-hour day in Paris', () => {
    const { filter } = requestFilter({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Paris');
    expect(filter.from).toBe(at('2026-03-28T23:00:00Z'));
    expect(filter.to).toBe(at('2026-03-29T22:00:00Z'));
  });

  it('refuses a range that ends before it starts, naming `from`', () => {
    expect(() => requestFilter({ from: '2026-03-02', to: '2026-03-01' }, 'Asia/Tokyo')).toThrow(/from/);
  });
});
