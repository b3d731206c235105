import { describe, expect, it } from 'vitest';
import { formatCount } from '../core/numbers.ts';
import { plural } from './insight.ts';

describe('counts in insight messages', () => {
  it('groups thousands as the pages do, and keeps a fraction (estimate units)', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(17_232)).toBe('17,232');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(1_234.5)).toBe('1,234.5');
    expect(formatCount(0)).toBe('0');
  });

  it('writes one item in the singular, any other count in the plural', () => {
    expect(plural(1, 'item')).toBe('1 item');
    expect(plural(0, 'item')).toBe('0 items');
    expect(plural(17_232, 'item')).toBe('17,232 items');
  });
});
