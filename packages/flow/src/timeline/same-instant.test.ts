import { describe, expect, it } from 'vitest';
import { type Link, orderInstant } from './same-instant.ts';

const link = (from: string | null, to: string | null): Link => ({ from, to });
const names = (links: Link[], order: number[]) => order.map((i) => `${links[i]?.from}→${links[i]?.to}`);

describe('orderInstant', () => {
  it('backtracks past the lowest target to the chain that ends where the next row starts', () => {
    const links = [link('C', 'B'), link('D', 'C'), link('C', 'D')];
    const order = orderInstant(links, [1, 1, 1], { start: 'C', ends: new Set(['B']) });
    expect(names(links, order)).toEqual(['C→D', 'D→C', 'C→B']);
  });

  it('uses a copy only where the chain must pass through the link again', () => {
    const links = [link('B', 'C'), link('C', 'B')];
    const toC = orderInstant(links, [3, 1], { start: 'B', ends: new Set(['C']) });
    expect(names(links, toC)).toEqual(['B→C', 'C→B', 'B→C']);
    const free = orderInstant(links, [3, 1], { start: 'B' });
    expect(names(links, free)).toEqual(['B→C', 'C→B']);
  });

  it('relaxes the ends before giving up, and keeps every distinct link when nothing chains', () => {
    const links = [link('A', 'B'), link('B', 'C')];
    expect(names(links, orderInstant(links, [1, 1], { start: 'X', ends: new Set(['C']) }))).toEqual([
      'A→B',
      'B→C',
    ]);
    const apart = [link('A', 'B'), link('C', 'D')];
    expect(orderInstant(apart, [2, 1], { start: 'C' }).sort()).toEqual([0, 1]);
  });

  it('a long run still answers at once (the search has a budget) and keeps every distinct link', () => {
    const pairs = Array.from({ length: 7 }, (_, a) => Array.from({ length: 7 }, (_, b) => [a, b]));
    const links = pairs
      .flat()
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => link(`c${a}`, `c${b}`));
    const started = performance.now();
    const order = orderInstant(
      links,
      links.map(() => 2),
      { start: 'c0', ends: new Set(['nowhere']) },
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(new Set(order).size).toBe(links.length);
  });
});
