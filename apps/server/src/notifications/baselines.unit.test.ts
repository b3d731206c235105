import type { ParentFlowRow, TypeFlowRow } from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { type Baseline, grownTypes, slippedParents } from './baselines.ts';

const parent = (id: string, date85: string | null, done = 1, total = 4): ParentFlowRow => ({
  id,
  number: Number(id.slice(1)),
  title: `Parent ${id}`,
  url: null,
  column: 'In Progress',
  issue_type: 'Feature',
  sub_issues: null,
  children: [],
  by_column: [],
  progress: { done, total, estimate: null },
  lead_time: { started_at: null, finished_at: null, days: null },
  share: 0.2,
  forecast:
    date85 === null
      ? null
      : {
          remaining: total - done,
          results: [
            { confidence: 0.5, days: 5, date: '2026-12-01' },
            { confidence: 0.85, days: 9, date: date85 },
          ],
        },
  stalled: date85 === null,
});

const typeRow = (type: string | null, p85: number | null, throughput = 6): TypeFlowRow => ({
  type,
  throughput,
  wip: 2,
  p50: p85 === null ? null : p85 / 2,
  p85,
  oldest_days: 3,
  over_p85: 0,
  sle: null,
});

const kept: Baseline = {
  period: '2026-11-16',
  parents: new Map([
    ['P1', '2026-12-05'],
    ['P2', '2026-12-05'],
    ['P3', '2026-12-05'],
    ['P4', '2026-12-05'],
  ]),
  types: new Map([
    ['Bug', 4],
    ['Feature', 10],
    ['Task', 2],
    ['Chore', 1],
  ]),
};

describe('a digest against the week kept before (docs/metrics.md, "Digest")', () => {
  it('names the parents whose 85 % date moved later or that lost their forecast, latest first', () => {
    const slipped = slippedParents(
      [
        parent('P1', '2026-12-09'),
        parent('P2', '2026-12-05'), // the same date: not slipped
        parent('P3', null), // stalled now
        parent('P4', '2026-12-20', 4, 4), // every child done: finished, not slipped
        parent('P5', '2026-12-30'), // not kept last week: new, not slipped
      ],
      kept,
    );
    expect(slipped.map((p) => [p.id, p.was, p.now])).toEqual([
      ['P3', '2026-12-05', null],
      ['P1', '2026-12-05', '2026-12-09'],
    ]);
  });

  it('names the types whose p85 grew by 25 % and a day at least, each with enough finished items', () => {
    const grown = grownTypes(
      [
        typeRow('Bug', 5), // +1 day, +25 %: grown
        typeRow('Feature', 12), // +20 %: not
        typeRow('Task', 2.9), // +45 % but under a day: not
        typeRow('Chore', 3, 4), // too few finished now
        typeRow(null, 30),
        typeRow('Docs', 9), // not kept last week
      ],
      kept,
    );
    expect(grown).toEqual([{ type: 'Bug', was: 4, now: 5 }]);
  });
});
