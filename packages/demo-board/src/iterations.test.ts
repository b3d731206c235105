import { buildCalendar, buildIterationReport, iterationHistory } from '@fluxion/flow';
import { describe, expect, it } from 'vitest';
import { generateDemoBoard } from './demo-board.ts';
import { generateDemoIterations } from './iterations.ts';

const NOW = Date.parse('2025-03-10T15:30:00Z');
const DAY = 86_400_000;

describe("the demo board's iterations and estimates", () => {
  const board = generateDemoBoard({ now: NOW });
  const generated = generateDemoIterations(board, { now: NOW });

  it('has two-week iterations, today in the 7th day of one, completed ones before it', () => {
    const current = generated.iterations.find((i) => i.startDate === '2025-03-04');
    expect(current).toMatchObject({ duration: 14 });
    expect(
      generated.iterations.filter((i) => Date.parse(i.startDate) < Date.parse('2025-03-04')).length,
    ).toBeGreaterThanOrEqual(6);
    expect(new Set(generated.iterations.map((i) => i.id)).size).toBe(generated.iterations.length);
  });

  it('estimates most items in story points, some not, and changes nothing after today', () => {
    const latest = iterationHistory(generated.changes);
    const estimates = [...latest.values()].map((c) => c.at(-1)?.estimate ?? null);
    expect(estimates.filter((e) => e === null).length).toBeGreaterThan(0);
    expect(new Set(estimates.filter((e) => e !== null))).toEqual(new Set([1, 2, 3, 5, 8]));
    expect(Math.max(...generated.changes.map((c) => c.at))).toBeLessThanOrEqual(
      Date.parse('2025-03-10T00:00:00Z'),
    );
  });

  it('gives a believable iteration report: committed work, scope added and removed, most of it completed', () => {
    const completedAt = new Map(
      board.items.map((i) => {
        const done = i.transitions.filter((t) => t.to === 'Done').at(-1);
        const last = i.transitions.at(-1);
        return [i.id, done && last?.to === 'Done' ? Date.parse(done.at) : null];
      }),
    );
    const report = buildIterationReport({
      iterations: generated.iterations,
      history: iterationHistory(generated.changes),
      completedAt,
      unit: 'estimate',
      now: NOW,
      knownSince: Math.min(...generated.changes.map((c) => c.at)),
      calendar: buildCalendar(),
    });
    expect(report.recent).toHaveLength(6);
    for (const it of report.recent) {
      expect(it.committed).toBeGreaterThan(0);
      expect(it.completed).toBeGreaterThan(0);
      expect(it.completed).toBeLessThanOrEqual(it.scope);
    }
    expect(report.recent.some((it) => it.added > 0)).toBe(true);
    expect(report.recent.some((it) => it.removed > 0)).toBe(true);
    expect(report.current?.days).toHaveLength(7);
    expect(
      generateDemoIterations(generateDemoBoard({ now: NOW + DAY }), { now: NOW + DAY }).iterations[0]
        ?.startDate,
    ).not.toBe(generated.iterations[0]?.startDate);
  });
});
